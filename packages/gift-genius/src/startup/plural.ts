/** `1 problem`, `2 problems`. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
