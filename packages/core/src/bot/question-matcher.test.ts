import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BotQuestion } from "../domain/bot-question";
import { matchQuestion, normalizeText, textSimilarity, tokenize } from "./question-matcher";

const question = (id: number, title: string, other_titles: string[] = [], active = true): BotQuestion => ({
  id,
  category_id: 1,
  title,
  other_titles,
  answer: `answer ${id}`,
  active,
  remark: "",
  created_at: 0,
  updated_at: 0,
});

// Words of Latin letters (some accented), digits, or CJK characters: scripts whose case and accents fold predictably.
const latin = fc.stringMatching(/^[a-zA-Z0-9éèüñçà]{1,8}$/);
const cjk = fc.stringMatching(/^[你好退款密码忘记了怎么办订单发货]{1,5}$/);
const word = fc.oneof(latin, latin, cjk);
const title = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(" "));
const punctuation = fc.constantFrom("", " ", "  ", "?", "!", ",", "...", "¿", "。", "？", "\t");

/** The same words with case flipped per character, and punctuation and spaces between and around them. */
const noisy = (text: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }),
      fc.array(punctuation, { minLength: text.split(" ").length + 1, maxLength: text.split(" ").length + 1 }),
    )
    .map(([upper, gaps]) => {
      const cased = [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join("");
      const words = cased.split(" ");
      return gaps[0] + words.map((w, i) => `${w} ${gaps[i + 1]}`).join(" ");
    });

/** Titles that stay distinct after normalization, so "its own question" is well defined. */
const bank = fc
  .uniqueArray(title, { minLength: 1, maxLength: 8, selector: normalizeText })
  .chain((titles) => fc.tuple(fc.constant(titles), fc.array(fc.boolean(), { minLength: titles.length, maxLength: titles.length })))
  .map(([titles, active]) => titles.map((t, i) => question(i + 1, t, [], active[i]!)));

describe("normalizeText", () => {
  it("normalizeText - folds case and accents, drops punctuation", () => {
    expect(normalizeText("  Où est   MON Colis?! ")).toBe("ou est mon colis");
    expect(normalizeText("Straße")).toBe("strasse");
    expect(normalizeText("忘记密码了？")).toBe("忘记密码了");
  });

  it("tokenize - words, and CJK runs as character bigrams", () => {
    expect(tokenize("reset my password")).toEqual(["reset", "my", "password"]);
    expect(tokenize("忘记密码")).toEqual(["忘记", "记密", "密码"]);
    expect(tokenize("iphone充电")).toEqual(["充电", "iphone"]);
  });
});

describe("matchQuestion", () => {
  it("match - an exact title, whatever its case, spacing and punctuation, matches its own question with score 1", () => {
    fc.assert(
      fc.property(
        bank.chain((questions) => fc.tuple(fc.constant(questions), fc.nat({ max: questions.length - 1 }))),
        ([inBank, index]) => {
          const questions = inBank.map((q, i) => (i === index ? { ...q, active: true } : q));
          const target = questions[index]!;
          return
          fc.assert(
            fc.property(noisy(target.title), (query) => {
              const match = matchQuestion(query, questions);
              expect(match?.question.id).toBe(target.id);
              expect(match?.score).toBe(1);
            }),
            { numRuns: 5 },
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("match - inactive questions never match", () => {
    fc.assert(
      fc.property(bank, fc.oneof(title, fc.string()), (questions, query) => {
        const match = matchQuestion(query, questions);
        if (match !== null) expect(match.question.active).toBe(true);
        expect(matchQuestion(query, questions.map((q) => ({ ...q, active: false })))).toBeNull();
      }),
    );
  });

  it("match - deterministic and independent of the order of the questions", () => {
    fc.assert(
      fc.property(fc.array(title, { minLength: 1, maxLength: 8 }), title, (titles, query) => {
        const questions = titles.map((t, i) => question(i + 1, t, [titles[(i + 1) % titles.length]!]));
        const expected = matchQuestion(query, questions);
        expect(matchQuestion(query, [...questions].reverse())).toEqual(expected);
        expect(matchQuestion(query, questions)).toEqual(expected);
      }),
    );
  });

  it("match - other titles count as the question's phrasings; near phrasings score below 1; unrelated text matches nothing", () => {
    const questions = [
      question(1, "How do I reset my password?", ["I forgot my password"]),
      question(2, "Where is my order?", ["Track my parcel"]),
      question(3, "怎么申请退款", ["我要退款"]),
    ];
    expect(matchQuestion("i FORGOT my password!!", questions)).toEqual({ question: questions[0], score: 1 });
    const near = matchQuestion("how can i reset the password", questions);
    expect(near?.question.id).toBe(1);
    expect(near!.score).toBeGreaterThan(0.5);
    expect(near!.score).toBeLessThan(1);
    expect(matchQuestion("请问怎么申请退款？", questions)?.question.id).toBe(3);
    expect(matchQuestion("What is the weather like on Mars", questions)).toBeNull();
    expect(matchQuestion("?!", questions)).toBeNull();
  });

  it("match - a short question finds the longer phrasing that holds its words", () => {
    const questions = [question(1, "How do I reset my password?"), question(2, "How do I change my e-mail address?")];
    expect(matchQuestion("reset password", questions)?.question.id).toBe(1);
    expect(matchQuestion("change my address", questions)?.question.id).toBe(2);
    expect(matchQuestion("my", questions)).toBeNull();
  });

  it("textSimilarity - within 0..1, and 1 exactly for the same normalized text", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const s = textSimilarity(a, b);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(s === 1).toBe(normalizeText(a) !== "" && normalizeText(a) === normalizeText(b));
      }),
    );
  });
});
