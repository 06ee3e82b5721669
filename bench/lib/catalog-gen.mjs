// The catalog benchmark's generated catalogs: each of the real records cloned with a new id, title and
// description, price ×(0.5..1.5), ages shifted −3..+3, occasions sometimes reversed. Deterministic per n.
// Its own module so that bench/rank-micro.mjs can use it (importing catalog-worker.mjs runs the worker).
import { loadBundledCatalog } from '../../packages/gift-genius/dist/catalog/open.js';

export const base = loadBundledCatalog();

function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
}

export function generate(n) {
  const r = rng(n);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const b = base[i % base.length];
    const price = Math.max(1, Math.round(b.price * (0.5 + r()) * 100) / 100);
    const shift = Math.floor(r() * 7) - 3;
    const ageMin = Math.min(120, Math.max(0, b.ageMin + shift));
    const ageMax = Math.min(120, Math.max(ageMin, b.ageMax + shift));
    out[i] = {
      ...b,
      id: `${b.id.slice(0, 48)}-v${i.toString(36)}`,
      title: `${b.title.slice(0, 70)} v${i.toString(36)}`,
      description: `${b.description.slice(0, 280)} (${i})`,
      price,
      ageMin,
      ageMax,
      // rotate list fields a little so records differ beyond ids
      occasions: r() < 0.5 ? [...b.occasions].reverse() : b.occasions,
    };
  }
  return out;
}
