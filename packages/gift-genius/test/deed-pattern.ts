// A catalog deed as a pattern a reason is matched against: its words as written, any person in its placeholders
// ({them}, {their}, {they}), its first letter in either case (a deed may open the sentence).
export const deedSource = (deed: string): string =>
  deed
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\\\{(them|their|they)\\\}/g, "[\\w\u2019' ]+?")
    .replace(/^./, (c) => `[${c}${c.toUpperCase()}]`);

/** Whether a reason says the gift's work deed (in any case, as rounds 54 and 55 first checked it). */
export const saysAtWork = (g: { gift: { atWork?: string }; reason: string }): boolean =>
  g.gift.atWork !== undefined && new RegExp(deedSource(g.gift.atWork), 'i').test(g.reason);
