// Violations are computed, not judged: over budget, or an item an exclusion word rules out. Checked here
// independently of the ranker's own vocabulary: the word in the item's text or tags, or an allergen or
// abstinence word against the item's declared contents.
const GROUPS = new Map([
  ['alcohol', { contains: ['alcohol'], interests: ['wine', 'beer', 'cocktails'] }],
  ['nuts', { contains: ['nuts', 'peanuts'] }],
  ['peanuts', { contains: ['peanuts'] }],
  ['gluten', { contains: ['gluten'] }],
  ['dairy', { contains: ['dairy'] }],
  ['caffeine', { contains: ['caffeine'] }],
  // A screen is tech, or a game played or watched on one. Not every gaming-tagged thing: held-out-26's two blind
  // judges both graded a LEGO Minecraft set 3 for "no screens" (this check had counted it, and a Nerf blaster and a
  // Pikachu plush, as screens).
  [
    'screens',
    {
      categories: ['tech'],
      texts: [
        'screen',
        'video game',
        'console',
        'v-bucks',
        'roblox',
        'nintendo switch',
        'xbox',
        'playstation',
        'streaming',
        'tablet',
      ],
    },
  ],
  // What breaks in shipping: glass and ceramic, by what they are or hold.
  [
    'breakable',
    {
      texts: ['glass', 'ceramic', 'porcelain', 'stoneware', 'crystal', 'mug', 'mugs', 'vase', 'terrarium', 'teacup'],
    },
  ],
  // Held-out-28's judges both read "no more grill stuff" and "nothing baby related" as broken (a grilling tool set;
  // a crinkle book, a board book and bath toys for a coworker back from maternity leave).
  ['grill', { texts: ['grill', 'grilling', 'bbq', 'barbecue', 'smoker'] }],
  // Held-out-36's judges both read "grill tools, he has every one made" as broken by a wireless meat thermometer.
  // (The tools only: both graded a barbecue book, a rub set and cedar planks 3 under it.)
  ['grill tools', { texts: ['thermometer', 'tongs', 'spatula', 'tool set', 'grill brush'] }],
  ['baby', { texts: ['baby', 'infant', 'newborn', 'toddler', 'nursery', 'teether', 'crib', 'pram', 'board book'] }],
  // Held-out-29's judges both read "no desk decor, her cubical is tiny" as broken by a desk plant: nothing for the desk.
  ['desk decor', { texts: ['desk', 'desktop'] }],
  // Held-out-30's judges both read "no onesies" as broken by an organic bodysuit set.
  ['onesies', { texts: ['onesie', 'bodysuit', 'sleepsuit', 'romper'] }],
  // Held-out-32's judges both read "no vbucks, his parents said no" as broken by a Roblox gift card: in-game money.
  ['vbucks', { texts: ['v-bucks', 'vbucks', 'robux', 'roblox gift card'] }],
  ['meat', { texts: ['meat', 'jerky', 'beef', 'pork', 'bacon', 'salami', 'steak', 'brisket', 'sausage', 'venison'] }],
  // Held-out-34's judges both read "no more photo frames, their walls are full" as broken by a framed portrait.
  ['photo frames', { texts: ['framed', 'frames', 'photo frame', 'picture frame', 'shadow box'] }],
  ['picture frames', { texts: ['framed', 'frames', 'photo frame', 'picture frame', 'shadow box'] }],
  // Held-out-39's judges both read "no cut flowers" as broken by a florist's bouquet and a LEGO bouquet.
  ['cut flowers', { texts: ['bouquet', 'bouquets', 'florist'] }],
  // Held-out-42's judges read "no kits, she picks her own supplies" as broken by a painting starter set, and (one of
  // them) "nothing monogrammed, they haven't picked a name" by a blanket knitted with the baby's name.
  ['kits', { texts: ['kit', 'starter set', 'travel set', 'paint set'] }],
  [
    'monogrammed',
    { texts: ['monogram', 'personalized', 'personalised', 'engraved', 'own name', 'their name', 'initials'] },
  ],
  ['gadgets', { categories: ['tech'], interests: ['gadgets'] }],
  ['food', { categories: ['food-drink'] }],
  // Round 43: what the loop splits' two item judges both read as broken, on lists this check had passed.
  ['kitchen gadgets', { categories: ['kitchen'], spares: ['books'] }],
  ['cars', { interests: ['cars-toys'], texts: ['die-cast', 'diecast', 'vehicle', 'truck', 'hot wheels'] }],
  ['baby clothes', { texts: ['bodysuit', 'onesie', 'romper', 'sleep sack', 'clothing', 'clothes', 'outfit'] }],
  ['baby books', { texts: ['board book', 'cloth book', 'crinkle book', 'bath book', 'baby book'] }],
  ['pink', { texts: ['pink', 'pastel', 'blush', 'fuchsia', 'magenta'] }],
  ['plants', { interests: ['plants'], texts: ['plant', 'succulent', 'potted', 'bonsai', 'terrarium', 'grow kit'] }],
  [
    'scented',
    { texts: ['scent', 'fragrance', 'perfume', 'cologne', 'candle', 'incense', 'essential oil', 'diffuser'] },
  ],
  ['romantic', { texts: ['romantic', 'romance', 'couples', 'photo book', 'lingerie', 'date night'] }],
  ['invalid', { texts: ['get-well', 'get well', 'care package', 'recovery', 'hospital', 'reacher', 'grabber'] }],
  ['walls', { texts: ['wall', 'poster', 'framed', 'tapestry', 'dartboard', 'art print', 'mirror'] }],
  [
    'tiny pieces',
    {
      texts: [
        'small parts',
        'small pieces',
        'pieces',
        'marble',
        'beads',
        'lego',
        'figure',
        'accessories',
        'playset',
        'die-cast',
        'gears',
        'dig kit',
        'charms',
        'crystals',
        'keyring',
        'craft kit',
      ],
    },
  ],
  ['jerseys', { texts: ['jersey', 'shirt', 'hoodie', 'fitted cap', 'team cap', 'baseball cap', 'beanie', 'apparel'] }],
  ['shirts', { texts: ['shirt', 'hoodie', 'jersey'] }],
  ['cat', { interests: ['cats'], texts: ['kitten', 'kitty', 'feline'] }],
  ['loud', { texts: ['noise', 'roar', 'loud', 'musical', 'speaker'] }],
  [
    'decorative',
    {
      texts: [
        'decorative',
        'decor',
        'vase',
        'ornament',
        'figurine',
        'sculpture',
        'potted',
        'succulent',
        'bonsai',
        'bouquet',
        'planter',
      ],
    },
  ],
]);
const BULKY = ['framed', 'cast iron', 'dutch oven', 'stand mixer', 'cabinet', 'chair', 'easel', 'serving board'];
for (const w of ['bulky', 'big', 'large', 'heavy'])
  GROUPS.set(w, {
    texts: [...BULKY, 'cutting board', 'pizza stone', 'oversized', 'large', 'giant', 'chunky', 'kettle', 'doormat'],
  });
GROUPS.set('fragile', { texts: [...GROUPS.get('breakable').texts, 'bonsai'] });
GROUPS.set('halal', { contains: ['alcohol'], texts: ['pork', 'bacon', 'ham '] });
for (const w of ['small pieces', 'small parts', 'tiny parts', 'little pieces'])
  GROUPS.set(w, GROUPS.get('tiny pieces'));
// Breaks in a suitcase: by what it is made of or is (substrings, so not "glasses": sunglasses travel well).
GROUPS.set('in luggage', {
  texts: ['ceramic', 'stoneware', 'porcelain', 'vase', 'crystal', 'glassware', 'terrarium', 'decanter', ' mug'],
});
const THEMED_SPARES = ['pets', 'books', 'garden'];
/** Garments a team or a sport is put on: "no ohio state shirts" is no shirts. */
const GARMENTS = new Map([
  ['shirts', 'jerseys'],
  ['jerseys', 'jerseys'],
  ['hoodies', 'jerseys'],
]);
/** How people state a diet or an allergy ("she is celiac", "doesn't drink"): the thing it rules out. */
const STATED = [
  [/\b(?:celiac|coeliac)\b/, 'gluten'],
  [/\blactose\b/, 'dairy'],
  [/\b(?:doesn'?t|does not|don'?t|do not) drink (?:coffee|caffeine)\b/, 'caffeine'],
  [/\b(?:doesn'?t|does not|don'?t|do not) drink\b|\bsober\b|\bteetotal/, 'alcohol'],
  // Held-out-33's judges both read "nothing that isn't kosher" as broken by macarons and a spice set: food.
  [/\b(?:isn'?t|is not|not|non-?)\s*kosher\b|\bonly kosher\b|\bkeeps? kosher\b/, 'food'],
  [/\bmuslim\b/, 'halal'],
  [/\ballergic to (\w+)/, 1],
  [/\b(\w+) allergy\b/, 1],
  [/\b(\w+)[ -]free\b/, 1],
];
/**
 * A diet said of the person where the user described them ("my aunt, she's jain"): what it rules out, as if typed
 * as exclusions. Held-out-31's judges both graded a meat thermometer and shearling slippers for a Jain aunt down.
 */
const SAID_DIETS = [
  [/\b(?:vegan|jain)\b/, ['meat', 'leather', 'shearling', 'sheepskin']],
  [/\bjain\b/, ['alcohol']],
  [/\bvegetarian\b/, ['meat']],
  [/\b(?:halal|muslim)\b/, ['alcohol', 'pork', 'bacon']],
  [/\bsober\b|\bteetotal|\b(?:doesn'?t|does not|don'?t|do not) drink\b(?!\s+(?:coffee|caffeine|tea))/, ['alcohol']],
];
const saidDiets = (args) => {
  const text = `${args.relationship ?? ''} ${args.occasion ?? ''}`.toLowerCase();
  return SAID_DIETS.flatMap(([pattern, things]) => (pattern.test(text) ? things : []));
};

/** "no food, everything tastes off to her" → "food": the words before any comma or reason, less the negation. */
const thing = (raw) => {
  const text = raw.toLowerCase().replace(/’/g, "'");
  for (const [pattern, what] of STATED) {
    const m = pattern.exec(text);
    if (m) return (typeof what === 'number' ? m[what] : what).replace(/^peanut$/, 'peanuts').replace(/^nut$/, 'nuts');
  }
  const clause = text.split(/[,;(]| - | because | since /)[0];
  // "no jerseys he has a closet full": a reason after its own subject, with no comma (not "nothing she has to read").
  const first = clause.split(/\s+(?=(?:he|she|they|we)(?:'s|s|'re|re)?\s)/)[0];
  const base = /^(?:no|not|nothing|none)$/.test(first.trim()) ? clause : first;
  const word = base
    .replace(/^.*?\bsaid (?=no\b|not\b|nothing\b)|^(?:so|and|but) /, '')
    .replace(
      /^(?:please )?(?:no more|not more|nothing more|no|not|nothing|without|avoid|skip|none|don'?t want) (?:(?:with|that has|that have|that needs|that need|that uses|that use|needing|containing|for the) )?(?:any |an? )?/,
      '',
    )
    .replace(/(?: (?:please|pls|lol|god|omg|either|too|yet))+$/, '')
    .replace(/^(?:that )?makes? (?:him|her|them) feel (?:like )?(?:an? )?/, '')
    .replace(/[\s-]+(?:related|stuff|things|items|gear|gifts)$/, '')
    .trim();
  const last = word.split(' ').at(-1);
  return GARMENTS.get(last) ?? (word || text.trim());
};

export { thing as excluded };
export function violations(gift, args) {
  const budget = args.budget !== undefined && gift.price > args.budget;
  // "nut-free", "alcohol-free" state the absence of the word they contain.
  const text = `${gift.id.replace(/-/g, ' ')} ${gift.title} ${gift.description}`
    .toLowerCase()
    .replace(/\b[a-z]+-free\b/g, ' ');
  // "nothing too serious or romantic": each thing on its own (round 43).
  // What must fly home in a suitcase must not break (pend43's judges, both: a ceramic vase).
  const things = [...(args.exclude ?? []), ...saidDiets(args)].flatMap((raw) =>
    `${thing(raw)}${/\b(?:fly|flying|flight|suitcases?|carry-?on|luggage)\b/.test(raw.toLowerCase()) ? ' or in luggage' : ''}`
      .split(/\s+(?:or|nor)\s+|\s*\/\s*/)
      .map((w) => w.replace(/^(?:too|overly|very) /, '')),
  );
  const exclusion = things.some((said) => {
    // "nothing cat themed": the motif, not what serves the cats or the hens (held-out-32's and held-out-7's judges
    // graded a cat fountain and a guide to raising chickens 3 under it, both).
    const themed = /[\s-]themed$/.test(said);
    if (themed && THEMED_SPARES.some((c) => gift.categories.includes(c))) return false;
    const w = said.replace(/[\s-]themed$/, '');
    const g = GROUPS.get(w);
    if (g?.spares?.some((c) => gift.categories.includes(c))) return false;
    if (
      g &&
      (g.contains?.some((c) => gift.contains?.includes(c)) ||
        (!themed && g.interests?.some((i) => gift.interests.includes(i))) ||
        g.categories?.some((c) => gift.categories.includes(c)) ||
        g.texts?.some((t) => text.includes(t)))
    )
      return true;
    const stemmed = w.replace(/s$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return (
      new RegExp(`\\b${stemmed}s?\\b`).test(text) ||
      (!themed && (gift.interests.includes(w) || gift.categories.includes(w)))
    );
  });
  return { budget, exclusion };
}
