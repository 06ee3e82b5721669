import type { Gift } from './schema.js';
import type { CatalogStats } from './store.js';

/** Pure summary, shared by every store so `catalog stats` reads the same everywhere. */
export function summarizeStats(gifts: Gift[], revision: number): CatalogStats {
  const byCategory: Record<string, number> = {};
  for (const gift of gifts) for (const c of gift.categories) byCategory[c] = (byCategory[c] ?? 0) + 1;
  const prices = gifts.map((g) => g.price).sort((a, b) => a - b);
  const mid = prices.length >> 1;
  const median = prices.length === 0 ? 0 : prices.length % 2 ? prices[mid]! : (prices[mid - 1]! + prices[mid]!) / 2;
  return {
    items: gifts.length,
    byCategory: Object.fromEntries(Object.entries(byCategory).sort(([a], [b]) => a.localeCompare(b))),
    price: { min: prices[0] ?? 0, max: prices[prices.length - 1] ?? 0, median },
    revision,
  };
}
