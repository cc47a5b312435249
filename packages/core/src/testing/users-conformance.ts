import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, errorCode, idsOf, newUser } from "./fixtures";

export function describeUsers(ctx: ConformanceContext): void {
  describe("users", () => {
    it("users.create - returns every field as given, with an id", async () => {
      const tenant = await createTenant(ctx.storage);
      const data = newUser({
        email: "ann@example.com",
        name: "Ann",
        agent_display_name: "Ann A.",
        role: "agent",
        phone: "+15550001",
        phone_bind: true,
        signature: "Cheers",
        details: "Details",
        notes: "Notes",
        language: "en",
        created_at: at(1),
        updated_at: at(2),
        last_login_at: at(3),
        status: "unverified",
        photo: "https://example.com/ann.png",
        moderator: true,
        public_comments: false,
        manage_people: true,
        ticket_restriction: "groups",
        custom_role_id: 7,
        messenger_appid: "app",
        messenger_openid: "open",
        tags: ["vip", "early_adopter"],
        user_fields: [{ name: "field_1", value: "x" }, { name: "field_2", value: ["a", "b"] }, { name: "field_3", value: 4 }],
        password_hash: "hash",
      });
      const user = await ctx.storage.users.create(tenant.id, data);
      const { password_hash: _hash, ...visible } = data;
      expect(user).toEqual({ ...visible, id: expect.any(Number) });
      expect(user).not.toHaveProperty("password_hash");
      expect(await ctx.storage.users.get(tenant.id, user.id)).toEqual(user);
    });

    it("users.create - keeps nulls and false as they are", async () => {
      const tenant = await createTenant(ctx.storage);
      const data = newUser({ phone: "+15550002" });
      const user = await ctx.storage.users.create(tenant.id, data);
      const { password_hash: _hash, ...visible } = data;
      expect(await ctx.storage.users.get(tenant.id, user.id)).toEqual({ ...visible, id: user.id });
    });

    it("users.create - stores the e-mail lower-case", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser({ email: "Ann@Example.COM" }));
      expect(user.email).toBe("ann@example.com");
      expect((await ctx.storage.users.get(tenant.id, user.id))?.email).toBe("ann@example.com");
    });

    it("users.create - rejects a duplicate e-mail in the tenant with USER_EMAIL_TAKEN", async () => {
      const tenant = await createTenant(ctx.storage);
      await ctx.storage.users.create(tenant.id, newUser({ email: "ann@example.com" }));
      expect(await errorCode(ctx.storage.users.create(tenant.id, newUser({ email: "ann@example.com" })))).toBe("USER_EMAIL_TAKEN");
      expect(await errorCode(ctx.storage.users.create(tenant.id, newUser({ email: "ANN@example.com" })))).toBe("USER_EMAIL_TAKEN");
    });

    it("users.create - rejects a duplicate phone in the tenant with USER_PHONE_TAKEN", async () => {
      const tenant = await createTenant(ctx.storage);
      await ctx.storage.users.create(tenant.id, newUser({ phone: "+15550001" }));
      expect(await errorCode(ctx.storage.users.create(tenant.id, newUser({ phone: "+15550001" })))).toBe("USER_PHONE_TAKEN");
    });

    it("users.create - allows any number of users without e-mail or phone", async () => {
      const tenant = await createTenant(ctx.storage);
      await ctx.storage.users.create(tenant.id, newUser({ name: "One" }));
      await ctx.storage.users.create(tenant.id, newUser({ name: "Two" }));
      const page = await ctx.storage.users.list(tenant.id, {}, [], { limit: 10, offset: 0 });
      expect(page.count).toBe(2);
    });

    it("users.create - allows the same e-mail and phone in another tenant", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const inA = await ctx.storage.users.create(a.id, newUser({ email: "ann@example.com", phone: "+15550001" }));
      const inB = await ctx.storage.users.create(b.id, newUser({ email: "ann@example.com", phone: "+15550001" }));
      expect(inB.id).not.toBe(inA.id);
    });

    it("users.get - null for an unknown id", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.users.get(tenant.id, 999_999)).toBeNull();
    });

    it("users.getMany - the users that exist, in id order", async () => {
      const tenant = await createTenant(ctx.storage);
      const one = await ctx.storage.users.create(tenant.id, newUser({ name: "One" }));
      const two = await ctx.storage.users.create(tenant.id, newUser({ name: "Two" }));
      const three = await ctx.storage.users.create(tenant.id, newUser({ name: "Three" }));
      const found = await ctx.storage.users.getMany(tenant.id, [three.id, 999_999, one.id, three.id]);
      expect(found).toEqual([one, three]);
      expect(await ctx.storage.users.getMany(tenant.id, [])).toEqual([]);
      expect(idsOf(await ctx.storage.users.getMany(tenant.id, [two.id]))).toEqual([two.id]);
    });

    it("users.findByEmail - compares lower-case; null when none", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser({ email: "ann@example.com" }));
      expect(await ctx.storage.users.findByEmail(tenant.id, "ann@example.com")).toEqual(user);
      expect(await ctx.storage.users.findByEmail(tenant.id, "ANN@Example.com")).toEqual(user);
      expect(await ctx.storage.users.findByEmail(tenant.id, "bob@example.com")).toBeNull();
    });

    it("users.findByPhone - the user with that phone; null when none", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser({ phone: "+15550001" }));
      expect(await ctx.storage.users.findByPhone(tenant.id, "+15550001")).toEqual(user);
      expect(await ctx.storage.users.findByPhone(tenant.id, "+15550002")).toBeNull();
    });

    it("users.getCredentials - the user and hash by id or e-mail; null when no such user", async () => {
      const tenant = await createTenant(ctx.storage);
      const withHash = await ctx.storage.users.create(tenant.id, newUser({ email: "ann@example.com", password_hash: "h1" }));
      const without = await ctx.storage.users.create(tenant.id, newUser({ email: "bob@example.com" }));
      expect(await ctx.storage.users.getCredentials(tenant.id, { id: withHash.id })).toEqual({ user: withHash, passwordHash: "h1", version: expect.any(Number) });
      expect(await ctx.storage.users.getCredentials(tenant.id, { email: "ANN@example.com" })).toEqual({ user: withHash, passwordHash: "h1", version: expect.any(Number) });
      expect(await ctx.storage.users.getCredentials(tenant.id, { email: "bob@example.com" })).toEqual({ user: without, passwordHash: null, version: expect.any(Number) });
      expect(await ctx.storage.users.getCredentials(tenant.id, { id: 999_999 })).toBeNull();
      expect(await ctx.storage.users.getCredentials(tenant.id, { email: "nobody@example.com" })).toBeNull();
    });

    it("users.getCredentialStamp - the hash and updated_at, following updates; null when no such user", async () => {
      const [tenant, other] = await createTenants(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser({ email: "ann@example.com", password_hash: "h1", updated_at: 10 }));
      const first = await ctx.storage.users.getCredentialStamp(tenant.id, user.id);
      expect(first).toEqual({ passwordHash: "h1", version: expect.any(Number) });
      expect((await ctx.storage.users.getCredentials(tenant.id, { id: user.id }))?.version).toBe(first!.version);
      // The same updated_at twice: the version still moves, so a cached login notices every change.
      await ctx.storage.users.update(tenant.id, user.id, { role: "agent", updated_at: 10 });
      const second = await ctx.storage.users.getCredentialStamp(tenant.id, user.id);
      expect(second).toEqual({ passwordHash: "h1", version: expect.any(Number) });
      expect(second!.version).toBeGreaterThan(first!.version);
      await ctx.storage.users.update(tenant.id, user.id, { password_hash: "h2", updated_at: 10 });
      expect((await ctx.storage.users.getCredentialStamp(tenant.id, user.id))?.passwordHash).toBe("h2");
      expect(await ctx.storage.users.getCredentialStamp(other.id, user.id)).toBeNull();
      expect(await ctx.storage.users.getCredentialStamp(tenant.id, 999_999)).toBeNull();
    });

    it("users.update - applies the patch and leaves other fields alone", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser({ email: "ann@example.com", name: "Ann", tags: ["a"] }));
      const updated = await ctx.storage.users.update(tenant.id, user.id, {
        name: "Ann B.",
        role: "admin",
        moderator: true,
        tags: ["b", "c"],
        user_fields: [{ name: "field_9", value: true }],
        organization_id: null,
        updated_at: at(5),
      });
      const expected = {
        ...user,
        name: "Ann B.",
        role: "admin",
        moderator: true,
        tags: ["b", "c"],
        user_fields: [{ name: "field_9", value: true }],
        updated_at: at(5),
      };
      expect(updated).toEqual(expected);
      expect(await ctx.storage.users.get(tenant.id, user.id)).toEqual(expected);
    });

    it("users.update - sets e-mail lower-case, clears it, and changes the password hash", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser({ email: "ann@example.com", phone: "+15550001", password_hash: "old" }));
      expect((await ctx.storage.users.update(tenant.id, user.id, { email: "New@Example.com", updated_at: at(1) }))?.email).toBe("new@example.com");
      await ctx.storage.users.update(tenant.id, user.id, { password_hash: "new", updated_at: at(2) });
      expect((await ctx.storage.users.getCredentials(tenant.id, { email: "new@example.com" }))?.passwordHash).toBe("new");
      const cleared = await ctx.storage.users.update(tenant.id, user.id, { email: null, updated_at: at(3) });
      expect(cleared?.email).toBeNull();
      expect(await ctx.storage.users.findByEmail(tenant.id, "new@example.com")).toBeNull();
      expect((await ctx.storage.users.getCredentials(tenant.id, { id: user.id }))?.passwordHash).toBe("new");
    });

    it("users.update - rejects another user's e-mail or phone; keeping one's own is fine", async () => {
      const tenant = await createTenant(ctx.storage);
      const ann = await ctx.storage.users.create(tenant.id, newUser({ email: "ann@example.com", phone: "+15550001" }));
      const bob = await ctx.storage.users.create(tenant.id, newUser({ email: "bob@example.com", phone: "+15550002" }));
      expect(await errorCode(ctx.storage.users.update(tenant.id, bob.id, { email: "ANN@example.com", updated_at: at(1) }))).toBe("USER_EMAIL_TAKEN");
      expect(await errorCode(ctx.storage.users.update(tenant.id, bob.id, { phone: "+15550001", updated_at: at(1) }))).toBe("USER_PHONE_TAKEN");
      expect(await ctx.storage.users.get(tenant.id, bob.id)).toEqual(bob);
      const same = await ctx.storage.users.update(tenant.id, ann.id, { email: "ann@example.com", phone: "+15550001", updated_at: at(2) });
      expect(same).toEqual({ ...ann, updated_at: at(2) });
    });

    it("users.update - null for an unknown user", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.users.update(tenant.id, 999_999, { name: "X", updated_at: at(1) })).toBeNull();
    });

    it("users.delete - removes the user and their group memberships", async () => {
      const tenant = await createTenant(ctx.storage);
      const ann = await ctx.storage.users.create(tenant.id, newUser({ email: "ann@example.com", role: "agent" }));
      const bob = await ctx.storage.users.create(tenant.id, newUser({ email: "bob@example.com", role: "agent" }));
      const group = await ctx.storage.groups.create(tenant.id, { name: "Support", agent_ids: [ann.id, bob.id], created_at: at(0), updated_at: at(0) });
      expect(await ctx.storage.users.delete(tenant.id, ann.id)).toBe(true);
      expect(await ctx.storage.users.get(tenant.id, ann.id)).toBeNull();
      expect(await ctx.storage.users.findByEmail(tenant.id, "ann@example.com")).toBeNull();
      expect((await ctx.storage.groups.get(tenant.id, group.id))?.agent_ids).toEqual([bob.id]);
      expect(await ctx.storage.groups.listForUser(tenant.id, ann.id)).toEqual([]);
      const again = await ctx.storage.users.create(tenant.id, newUser({ email: "ann@example.com" }));
      expect(again.id).not.toBe(ann.id);
    });

    it("users.delete - false when no such user", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.users.delete(tenant.id, 999_999)).toBe(false);
    });
  });
}
