import type { Gift, Occasion, Relationship } from '../catalog/schema.js';

/* What a ranking returns (both paths: rankGifts and GiftIndex), and the price bands copy and checks use. */

export interface RankedGift {
  gift: Gift;
  score: number;
  category: string;
  reason: string;
}

export type UnmetKind = 'budget' | 'exclusion' | 'age' | 'interest' | 'occasion' | 'catalog';
export interface Unmet {
  kind: UnmetKind;
  message: string;
}

export interface Ranking {
  gifts: RankedGift[];
  /** How many catalog items passed the hard filters. */
  matched: number;
  relationship?: Relationship;
  occasion?: Occasion;
  /** No budget was given and the ideas' prices span two price bands or more (PRICE_BANDS). */
  acrossPriceRanges: boolean;
  /** What could not be satisfied, and what was done instead; empty when everything was. */
  unmet: Unmet[];
  /** The person as the reasons name them ("the lunch lady who saves your daughter a milk"), for the summary. */
  person: string;
}

/** Price bands, for copy and for checks: ideas without a budget span some of them. */
export const PRICE_BANDS = [
  { label: 'under $25', max: 25 },
  { label: '$25–75', max: 75 },
  { label: '$75–250', max: 250 },
  { label: 'over $250', max: Infinity },
] as const;

export const priceBand = (price: number) => PRICE_BANDS.findIndex((b) => price < b.max || b.max === Infinity);
