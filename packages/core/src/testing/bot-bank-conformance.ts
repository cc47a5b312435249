import { describe, expect, it } from "vitest";
import type { NewBotQuestion, Storage } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, idsOf } from "./fixtures";

const groupOf = (title: string, time = at(0)) => ({ title, created_at: time, updated_at: time });

function newQuestion(categoryId: number, overrides: Partial<NewBotQuestion> = {}): NewBotQuestion {
  return {
    category_id: categoryId,
    title: "How do I reset my password?",
    other_titles: ["I forgot my password", "Passwort vergessen"],
    answer: "Use the link on the sign-in page.",
    active: true,
    remark: "",
    created_at: at(1),
    updated_at: at(1),
    ...overrides,
  };
}

async function bank(storage: Storage) {
  const tenant = await createTenant(storage);
  const group = await storage.botQuestionGroups.create(tenant.id, groupOf("Accounts"));
  return { tenant, group };
}

export function describeBotBank(ctx: ConformanceContext): void {
  describe("chat-bot question groups", () => {
    it("botQuestionGroups.create - returns the group; getMany reads those that exist, by id", async () => {
      const tenant = await createTenant(ctx.storage);
      const b = await ctx.storage.botQuestionGroups.create(tenant.id, groupOf("Billing", at(2)));
      const a = await ctx.storage.botQuestionGroups.create(tenant.id, groupOf("Accounts"));
      expect(b).toEqual({ id: expect.any(Number), title: "Billing", created_at: at(2), updated_at: at(2) });
      expect(await ctx.storage.botQuestionGroups.getMany(tenant.id, [a.id, 999_999, b.id])).toEqual([b, a].sort((x, y) => x.id - y.id));
      expect(await ctx.storage.botQuestionGroups.getMany(tenant.id, [])).toEqual([]);
    });

    it("botQuestionGroups.list - by id, paged, with the count", async () => {
      const tenant = await createTenant(ctx.storage);
      const made = [];
      for (const title of ["C", "A", "B"]) made.push(await ctx.storage.botQuestionGroups.create(tenant.id, groupOf(title)));
      expect(await ctx.storage.botQuestionGroups.list(tenant.id, { limit: 10, offset: 0 })).toEqual({ items: made, count: 3 });
      expect(await ctx.storage.botQuestionGroups.list(tenant.id, { limit: 1, offset: 1 })).toEqual({ items: [made[1]], count: 3 });
    });

    it("botQuestionGroups.update - renames; null for an unknown group", async () => {
      const { tenant, group } = await bank(ctx.storage);
      expect(await ctx.storage.botQuestionGroups.update(tenant.id, group.id, { title: "Logins", updated_at: at(5) })).toEqual({
        ...group,
        title: "Logins",
        updated_at: at(5),
      });
      expect(await ctx.storage.botQuestionGroups.update(tenant.id, 999_999, { title: "X", updated_at: at(5) })).toBeNull();
    });

    it("botQuestionGroups.countQuestions and delete - counts questions per group; deletes the empty groups named", async () => {
      const { tenant, group } = await bank(ctx.storage);
      const empty = await ctx.storage.botQuestionGroups.create(tenant.id, groupOf("Empty"));
      await ctx.storage.botQuestions.create(tenant.id, newQuestion(group.id));
      await ctx.storage.botQuestions.create(tenant.id, newQuestion(group.id, { title: "Second" }));
      expect(await ctx.storage.botQuestionGroups.countQuestions(tenant.id, [group.id, empty.id])).toEqual(new Map([[group.id, 2]]));
      expect(await ctx.storage.botQuestionGroups.delete(tenant.id, [empty.id, 999_999])).toBe(1);
      expect(await ctx.storage.botQuestionGroups.getMany(tenant.id, [empty.id, group.id])).toEqual([group]);
    });

    it("botQuestionGroups - another tenant's groups are invisible and untouchable", async () => {
      const [alpha, beta] = await createTenants(ctx.storage);
      const group = await ctx.storage.botQuestionGroups.create(alpha.id, groupOf("Alpha only"));
      expect(await ctx.storage.botQuestionGroups.getMany(beta.id, [group.id])).toEqual([]);
      expect((await ctx.storage.botQuestionGroups.list(beta.id, { limit: 10, offset: 0 })).count).toBe(0);
      expect(await ctx.storage.botQuestionGroups.update(beta.id, group.id, { title: "Taken", updated_at: at(1) })).toBeNull();
      expect(await ctx.storage.botQuestionGroups.delete(beta.id, [group.id])).toBe(0);
      expect(await ctx.storage.botQuestionGroups.getMany(alpha.id, [group.id])).toEqual([group]);
    });
  });

  describe("chat-bot questions", () => {
    it("botQuestions.create - keeps every field, other titles in order and active as a boolean", async () => {
      const { tenant, group } = await bank(ctx.storage);
      const created = await ctx.storage.botQuestions.create(tenant.id, newQuestion(group.id, { active: false, remark: "from the FAQ" }));
      expect(created).toEqual({ id: expect.any(Number), ...newQuestion(group.id, { active: false, remark: "from the FAQ" }) });
      expect(await ctx.storage.botQuestions.getMany(tenant.id, [created.id, 999_999])).toEqual([created]);
    });

    it("botQuestions.list - by id, filtered by group or activity, paged with the count", async () => {
      const { tenant, group } = await bank(ctx.storage);
      const other = await ctx.storage.botQuestionGroups.create(tenant.id, groupOf("Orders"));
      const q1 = await ctx.storage.botQuestions.create(tenant.id, newQuestion(group.id));
      const q2 = await ctx.storage.botQuestions.create(tenant.id, newQuestion(other.id, { title: "Where is my order?", active: false }));
      const q3 = await ctx.storage.botQuestions.create(tenant.id, newQuestion(group.id, { title: "Change my e-mail" }));
      expect(await ctx.storage.botQuestions.list(tenant.id, {}, { limit: 10, offset: 0 })).toEqual({ items: [q1, q2, q3], count: 3 });
      expect(await ctx.storage.botQuestions.list(tenant.id, { categoryId: group.id }, { limit: 1, offset: 1 })).toEqual({ items: [q3], count: 2 });
      expect(await ctx.storage.botQuestions.list(tenant.id, { active: false }, { limit: 10, offset: 0 })).toEqual({ items: [q2], count: 1 });
      expect(await ctx.storage.botQuestions.listAll(tenant.id, { active: true })).toEqual([q1, q3]);
      expect(idsOf(await ctx.storage.botQuestions.listAll(tenant.id, { categoryId: other.id }))).toEqual([q2.id]);
    });

    it("botQuestions.update - writes the fields given and keeps the rest; null for an unknown question", async () => {
      const { tenant, group } = await bank(ctx.storage);
      const other = await ctx.storage.botQuestionGroups.create(tenant.id, groupOf("Orders"));
      const created = await ctx.storage.botQuestions.create(tenant.id, newQuestion(group.id));
      const patch = { category_id: other.id, other_titles: [], active: false, updated_at: at(9) };
      expect(await ctx.storage.botQuestions.update(tenant.id, created.id, patch)).toEqual({ ...created, ...patch });
      const renamed = await ctx.storage.botQuestions.update(tenant.id, created.id, { title: "Reset", answer: "Like this", updated_at: at(10) });
      expect(renamed).toEqual({ ...created, ...patch, title: "Reset", answer: "Like this", updated_at: at(10) });
      expect(await ctx.storage.botQuestions.update(tenant.id, 999_999, { title: "X", updated_at: at(10) })).toBeNull();
    });

    it("botQuestions.delete - deletes those named and returns how many existed", async () => {
      const { tenant, group } = await bank(ctx.storage);
      const q1 = await ctx.storage.botQuestions.create(tenant.id, newQuestion(group.id));
      const q2 = await ctx.storage.botQuestions.create(tenant.id, newQuestion(group.id));
      expect(await ctx.storage.botQuestions.delete(tenant.id, [q1.id, 999_999])).toBe(1);
      expect(await ctx.storage.botQuestions.getMany(tenant.id, [q1.id, q2.id])).toEqual([q2]);
    });

    it("botQuestions - another tenant's questions are invisible and untouchable", async () => {
      const [alpha, beta] = await createTenants(ctx.storage);
      const group = await ctx.storage.botQuestionGroups.create(alpha.id, groupOf("Alpha"));
      const question = await ctx.storage.botQuestions.create(alpha.id, newQuestion(group.id));
      expect(await ctx.storage.botQuestions.getMany(beta.id, [question.id])).toEqual([]);
      expect(await ctx.storage.botQuestions.listAll(beta.id, {})).toEqual([]);
      expect(await ctx.storage.botQuestions.update(beta.id, question.id, { title: "X", updated_at: at(2) })).toBeNull();
      expect(await ctx.storage.botQuestions.delete(beta.id, [question.id])).toBe(0);
      expect(await ctx.storage.botQuestionGroups.countQuestions(beta.id, [group.id])).toEqual(new Map());
      expect(await ctx.storage.botQuestions.getMany(alpha.id, [question.id])).toEqual([question]);
    });
  });
}
