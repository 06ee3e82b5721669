// The ranking index's public entry (the server, eval and benchmarks import it here); it lives in index/.
export { GiftIndex, type GiftIndexStats, type IndexRankOptions } from './index/gift-index.js';
