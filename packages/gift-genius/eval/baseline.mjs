// The keyword baseline the evaluation compares against: hard filters on budget, age and exclusion words, then
// the count of request words found in an item's text and tags; ties by id. Deliberately simple (about ten lines).
const text = (g) =>
  `${g.id} ${g.title} ${g.description} ${g.interests.join(' ')} ${g.categories.join(' ')}`.toLowerCase();
export function baseline(catalog, args, count = 5) {
  const words = [...(args.interests ?? []), args.occasion ?? '', args.relationship]
    .join(' ')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 2);
  const avoid = (args.exclude ?? []).map((w) => w.toLowerCase());
  return catalog
    .filter(
      (g) => (args.budget === undefined || g.price <= args.budget) && args.age >= g.ageMin && args.age <= g.ageMax,
    )
    .filter((g) => !avoid.some((w) => text(g).includes(w)))
    .map((g) => ({
      g,
      s: words.filter((w) => `${text(g)} ${g.occasions.join(' ')} ${g.relationships.join(' ')}`.includes(w)).length,
    }))
    .sort((a, b) => b.s - a.s || (a.g.id < b.g.id ? -1 : 1))
    .slice(0, count)
    .map((x) => x.g);
}
