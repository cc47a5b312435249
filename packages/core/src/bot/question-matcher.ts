import type { BotQuestion } from "../domain/bot-question";

/** The best question for a visitor's words, and how similar (0 to 1) its closest phrasing is. */
export interface QuestionMatch {
  question: BotQuestion;
  score: number;
}

/** Below this score nothing matches: better no answer than a wrong one. */
export const DEFAULT_MATCH_THRESHOLD = 0.5;

// Scripts written without spaces between words: split into overlapping character pairs instead.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]+/gu;

/**
 * Folds case and accents, drops punctuation and symbols, collapses spaces:
 * the form two phrasings are compared in. `ß` folds to `ss`, as upper-casing would.
 */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[\p{P}\p{S}\p{Z}\s]+/gu, " ")
    .trim();
}

/** Words, with runs of unspaced scripts cut into character bigrams (a single character stays whole). */
export function tokenize(normalized: string): string[] {
  const tokens: string[] = [];
  for (const word of normalized.split(" ")) {
    if (word === "") continue;
    let rest = word;
    for (const run of word.match(UNSPACED) ?? []) {
      const chars = [...run];
      if (chars.length === 1) tokens.push(run);
      for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i]! + chars[i + 1]!);
      rest = rest.replace(run, " ");
    }
    tokens.push(...rest.split(" ").filter(Boolean));
  }
  return tokens;
}

/** Character bigrams of the whole normalized text (spaces included, so word boundaries count), as a multiset. */
function bigrams(normalized: string): Map<string, number> {
  const chars = [...normalized];
  const counts = new Map<string, number>();
  if (chars.length === 1) counts.set(normalized, 1);
  for (let i = 0; i + 1 < chars.length; i++) {
    const pair = chars[i]! + chars[i + 1]!;
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** A phrasing prepared once for comparison. */
interface Phrasing {
  normalized: string;
  tokens: Set<string>;
  bigrams: Map<string, number>;
  size: number;
}

function prepare(text: string): Phrasing {
  const normalized = normalizeText(text);
  const pairs = bigrams(normalized);
  let size = 0;
  for (const n of pairs.values()) size += n;
  return { normalized, tokens: new Set(tokenize(normalized)), bigrams: pairs, size };
}

/**
 * How well the words of `asked` are found in `phrasing`: the mean of their
 * Jaccard index and the share of the asked words the phrasing holds, so that
 * a short question ("reset password") still finds a longer phrasing of it.
 */
function tokenScore(asked: Set<string>, phrasing: Set<string>): number {
  let shared = 0;
  for (const token of asked) if (phrasing.has(token)) shared++;
  const union = asked.size + phrasing.size - shared;
  return union === 0 ? 0 : (shared / union + shared / asked.size) / 2;
}

function dice(a: Phrasing, b: Phrasing): number {
  let shared = 0;
  for (const [pair, n] of a.bigrams) shared += Math.min(n, b.bigrams.get(pair) ?? 0);
  const total = a.size + b.size;
  return total === 0 ? 0 : (2 * shared) / total;
}

/**
 * Similarity of what was asked to a phrasing, 0 to 1: the mean of the token
 * score (which words they share) and bigram Dice (which tolerates typos and
 * inflections); 1 exactly when they normalize to the same text.
 */
function similarity(asked: Phrasing, phrasing: Phrasing): number {
  if (asked.normalized === "" || phrasing.normalized === "") return 0;
  if (asked.normalized === phrasing.normalized) return 1;
  // Below 1 for different texts, so an exact phrasing always outranks a near one.
  return Math.min(0.999, (tokenScore(asked.tokens, phrasing.tokens) + dice(asked, phrasing)) / 2);
}

/** Similarity of the asked text `a` to the phrasing `b`, 0 to 1, after normalization. */
export function textSimilarity(a: string, b: string): number {
  return similarity(prepare(a), prepare(b));
}

/**
 * The active question whose title or other title is most similar to `query`,
 * or null when none reaches `threshold`. Inactive questions never match. The
 * result does not depend on the order of `questions`: ties go to the lowest id.
 */
export function matchQuestion(query: string, questions: readonly BotQuestion[], threshold = DEFAULT_MATCH_THRESHOLD): QuestionMatch | null {
  const asked = prepare(query);
  if (asked.normalized === "") return null;
  let best: QuestionMatch | null = null;
  for (const question of questions) {
    if (!question.active) continue;
    let score = 0;
    for (const text of [question.title, ...question.other_titles]) score = Math.max(score, similarity(asked, prepare(text)));
    if (score < threshold) continue;
    if (best === null || score > best.score || (score === best.score && question.id < best.question.id)) best = { question, score };
  }
  return best === null ? null : { question: best.question, score: Math.round(best.score * 1000) / 1000 };
}
