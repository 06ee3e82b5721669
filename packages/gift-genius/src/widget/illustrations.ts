/**
 * The widget's pictures: one line-art illustration per catalog category, a few per kind of
 * gift (coffee, wine, camera…), and one per empty-state cause, as an inline SVG sprite of
 * `<symbol>`s. Cards draw them with `<use href="#…">`, a reference inside the document:
 * nothing is fetched, so the widget's CSP can stay empty, and the same gift always gets
 * the same picture.
 *
 * Which symbol a gift gets is decided by the widget script (client.ts) from data carried
 * here: `data-w` lists the title words that pick a kind symbol (the first match wins),
 * `data-h` the base hue of its tile. Strokes use `currentColor`; `A` marks the tinted
 * fills and `D` the solid dots, both coloured by the card's CSS variables.
 */
const A = 'style="fill:var(--a)"';
const D = 'style="fill:currentColor"';

interface Art {
  id: string;
  hue: number;
  words?: string;
  /** SVG elements, one or more strings (joined). */
  body: string | string[];
}

/** Kinds first: a title word picks these over the category's picture. */
const KINDS: Art[] = [
  {
    id: 'k-coffee',
    hue: 28,
    words: 'coffee espresso mug latte tea',
    body: [
      `<path d="M10 20h22v10a8 8 0 0 1-8 8h-6a8 8 0 0 1-8-8z" ${A}/>`,
      `<path d="M32 23h3a4 4 0 0 1 0 8h-3M16 8c-2 2 2 4 0 7M21 8c-2 2 2 4 0 7M26 8c-2 2 2 4 0 7"/>`,
    ],
  },
  {
    id: 'k-wine',
    hue: 340,
    words: 'wine cocktail cocktails whiskey champagne gin bourbon',
    body: `<path d="M16 8h16c0 9-2 16-8 16S16 17 16 8z" ${A}/><path d="M24 24v13M17 40h14M17 14h14"/>`,
  },
  {
    id: 'k-camera',
    hue: 205,
    words: 'camera photo polaroid instax',
    body: [
      `<rect x="7" y="15" width="34" height="22" rx="4" ${A}/><circle cx="24" cy="26" r="6"/>`,
      `<path d="M17 15l3-5h8l3 5M35 20h1"/>`,
    ],
  },
  {
    id: 'k-headphones',
    hue: 255,
    words: 'headphones earbuds',
    body: [
      `<path d="M9 31v-6a15 15 0 0 1 30 0v6"/><rect x="7" y="28" width="8" height="12" rx="3" ${A}/>`,
      `<rect x="33" y="28" width="8" height="12" rx="3" ${A}/>`,
    ],
  },
  {
    id: 'k-bike',
    hue: 150,
    words: 'bike bicycle cycling',
    body: [
      `<circle cx="12" cy="31" r="7" ${A}/><circle cx="36" cy="31" r="7" ${A}/>`,
      `<path d="M12 31l7-12h11l6 12M19 19l5 12H12M27 14h5l-2 5"/>`,
    ],
  },
  {
    id: 'k-baby',
    hue: 190,
    words: 'baby newborn infant',
    body: [
      `<rect x="16" y="18" width="16" height="22" rx="5" ${A}/>`,
      `<path d="M18 18v-3h12v3M21 15c0-5 6-5 6 0M20 25h4M20 30h4"/>`,
    ],
  },
  {
    id: 'k-candle',
    hue: 40,
    words: 'candle candles',
    body: [
      `<rect x="16" y="22" width="16" height="18" rx="2" ${A}/>`,
      `<path d="M24 22v-4M24 18c-3-3-1-7 0-10 1 3 3 7 0 10z"/>`,
    ],
  },
];

/** One per catalog category (catalog/gifts.json `categories[0]`). */
const CATEGORIES: Art[] = [
  {
    id: 'c-music',
    hue: 265,
    words: 'guitar vinyl record ukulele piano',
    body: [
      `<path d="M19 33V12l18-4v21M19 18l18-4"/><ellipse cx="15" cy="33" rx="5" ry="4" ${A}/>`,
      `<ellipse cx="33" cy="29" rx="5" ry="4" ${A}/>`,
    ],
  },
  {
    id: 'c-art',
    hue: 320,
    words: 'painting paint watercolor sketch',
    body: [
      `<path d="M24 8C14 8 7 15 7 24s7 16 15 16c3 0 4-2 3-4s0-5 3-5h5c5 0 9-3 9-8 0-8-8-15-18-15z" ${A}/>`,
      `<circle cx="16" cy="21" r="2.5" ${D}/><circle cx="24" cy="15" r="2.5" ${D}/>`,
      `<circle cx="32" cy="19" r="2.5" ${D}/><circle cx="15" cy="30" r="2.5" ${D}/>`,
    ],
  },
  {
    id: 'c-wellness',
    hue: 165,
    words: 'yoga spa bath massage sleep',
    body: [
      `<path d="M24 38C16 38 10 33 7 25c6 0 12 3 17 13zm0 0c8 0 14-5 17-13-6 0-12 3-17 13z" ${A}/>`,
      `<path d="M24 38c-5-5-6-16 0-25 6 9 5 20 0 25z"/>`,
    ],
  },
  {
    id: 'c-sports',
    hue: 20,
    words: 'running golf tennis basketball football soccer',
    body: `<circle cx="24" cy="24" r="15" ${A}/><path d="M9 24h30M24 9v30M14 13c5 5 5 17 0 22M34 13c-5 5-5 17 0 22"/>`,
  },
  {
    id: 'c-books',
    hue: 215,
    words: 'book books novel cookbook kindle',
    body: [
      `<path d="M24 14c-4-3-10-4-16-3v25c6-1 12 0 16 3 4-3 10-4 16-3V11c-6-1-12 0-16 3z" ${A}/><path d="M24 14v25"/>`,
    ],
  },
  {
    id: 'c-kitchen',
    hue: 10,
    words: 'knife skillet baking waffle pasta',
    body: [
      `<path d="M11 21h26v11a6 6 0 0 1-6 6H17a6 6 0 0 1-6-6z" ${A}/>`,
      `<path d="M7 21h34M11 25H7M41 25h-4M19 15h10M24 15v-3"/>`,
    ],
  },
  {
    id: 'c-tech',
    hue: 230,
    words: 'laptop tablet smart charger',
    body: `<rect x="11" y="11" width="26" height="19" rx="2" ${A}/><path d="M6 36h36l-3-6H9z"/>`,
  },
  {
    id: 'c-travel',
    hue: 195,
    words: 'luggage suitcase passport',
    body: `<rect x="9" y="16" width="30" height="22" rx="3" ${A}/><path d="M19 16v-4h10v4M17 16v22M31 16v22"/>`,
  },
  {
    id: 'c-experiences',
    hue: 290,
    words: 'tickets ticket concert class lesson',
    body: `<path d="M8 16h32v5a3 3 0 0 0 0 6v5H8v-5a3 3 0 0 0 0-6z" ${A}/><path d="M29 17v2M29 23v2M29 29v2"/>`,
  },
  {
    id: 'c-pets',
    hue: 35,
    words: 'dog cat leash',
    body: [
      `<ellipse cx="24" cy="31" rx="8" ry="7" ${A}/><circle cx="13" cy="21" r="3.5" ${A}/>`,
      `<circle cx="19.5" cy="13.5" r="3.5" ${A}/><circle cx="28.5" cy="13.5" r="3.5" ${A}/>`,
      `<circle cx="35" cy="21" r="3.5" ${A}/>`,
    ],
  },
  {
    id: 'c-food-drink',
    hue: 45,
    words: 'chocolate truffle truffles honey cookie cookies snack',
    body: [
      `<path d="M14 18h20v16a5 5 0 0 1-5 5H19a5 5 0 0 1-5-5z" ${A}/>`,
      `<rect x="12" y="10" width="24" height="8" rx="2"/><path d="M19 27h10"/>`,
    ],
  },
  {
    id: 'c-fashion',
    hue: 350,
    words: 'scarf socks sweater shirt',
    body: `<path d="M17 9l-9 5 3 8 4-2v19h18V20l4 2 3-8-9-5c-1 3-4 5-7 5s-6-2-7-5z" ${A}/>`,
  },
  {
    id: 'c-toys',
    hue: 55,
    words: 'teddy plush',
    body: [
      `<circle cx="14" cy="13" r="4" ${A}/><circle cx="34" cy="13" r="4" ${A}/>`,
      `<path d="M14 39c0-6 4-10 10-10s10 4 10 10z" ${A}/><circle cx="24" cy="21" r="10" ${A}/>`,
      `<circle cx="20.5" cy="19.5" r="1.3" ${D}/><circle cx="27.5" cy="19.5" r="1.3" ${D}/>`,
      `<path d="M21.5 24.5c1.5 1.2 3.5 1.2 5 0"/>`,
    ],
  },
  {
    id: 'c-stationery',
    hue: 200,
    words: 'journal notebook pen planner',
    body: [
      `<rect x="8" y="8" width="22" height="32" rx="2" ${A}/>`,
      `<path d="M13 16h12M13 22h12M13 28h8M36 10l5 3-9 21-5 4v-6z"/>`,
    ],
  },
  {
    id: 'c-outdoors',
    hue: 140,
    words: 'hiking camping tent hammock',
    body: `<circle cx="34" cy="13" r="4"/><path d="M5 38l13-20 8 11 5-6 12 15z" ${A}/>`,
  },
  {
    id: 'c-beauty',
    hue: 330,
    words: 'perfume skincare lipstick',
    body: [
      `<rect x="13" y="18" width="22" height="21" rx="5" ${A}/><rect x="19" y="11" width="10" height="7" rx="1"/>`,
      `<path d="M39 7v6M36 10h6"/>`,
    ],
  },
  {
    id: 'c-tools',
    hue: 25,
    words: 'drill wrench screwdriver',
    body: [
      `<path d="M31 7a9 9 0 0 0-9 12L8 33a3.5 3.5 0 0 0 5 5l14-14a9 9 0 0 0 12-9`,
      `l-5 5-5-1-1-5 5-5a9 9 0 0 0-2-2z" ${A}/>`,
    ],
  },
  {
    id: 'c-games',
    hue: 275,
    words: 'game games puzzle dice cards',
    body: [
      `<rect x="8" y="8" width="32" height="32" rx="6" ${A}/><circle cx="16" cy="16" r="2.4" ${D}/>`,
      `<circle cx="32" cy="16" r="2.4" ${D}/><circle cx="24" cy="24" r="2.4" ${D}/>`,
      `<circle cx="16" cy="32" r="2.4" ${D}/><circle cx="32" cy="32" r="2.4" ${D}/>`,
    ],
  },
  {
    id: 'c-garden',
    hue: 120,
    words: 'plant plants flower flowers succulent bonsai herb seed seeds garden',
    body: [
      `<path d="M15 28h18l-3 12H18z" ${A}/>`,
      `<path d="M24 28V16M24 21c-6 0-10-4-10-10 6 0 10 4 10 10zM24 18c0-5 3-10 9-10 0 6-3 10-9 10z"/>`,
    ],
  },
  {
    id: 'c-home',
    hue: 180,
    words: 'blanket pillow lamp throw',
    body: `<path d="M8 22L24 9l16 13v17H8z" ${A}/><path d="M20 39V28h8v11"/>`,
  },
];

/** The fallback, and the pictures of the empty states (one per `unmet` kind). */
const OTHERS: Art[] = [
  {
    id: 'gift',
    hue: 210,
    body: [
      `<rect x="9" y="21" width="30" height="19" rx="2" ${A}/><rect x="7" y="15" width="34" height="7" rx="2" ${A}/>`,
      `<path d="M24 15v25M24 15c-3-6-11-7-10-2 1 3 7 3 10 2zm0 0c3-6 11-7 10-2-1 3-7 3-10 2z"/>`,
    ],
  },
  {
    id: 'e-budget',
    hue: 140,
    body: `<rect x="7" y="14" width="34" height="24" rx="4" ${A}/><path d="M7 20h34M30 29h5M12 14l18-6 3 6"/>`,
  },
  {
    id: 'e-exclusion',
    hue: 0,
    body: `<circle cx="24" cy="24" r="15" ${A}/><path d="M13.5 34.5l21-21"/>`,
  },
  {
    id: 'e-age',
    hue: 300,
    body: [
      `<rect x="9" y="24" width="30" height="15" rx="3" ${A}/>`,
      `<path d="M9 31c4 3 7 3 10 0s7-3 10 0 7 3 10 0M17 24v-6M24 24v-6M31 24v-6M17 14v-2M24 14v-2M31 14v-2"/>`,
    ],
  },
  {
    id: 'e-interest',
    hue: 220,
    body: `<circle cx="21" cy="21" r="11" ${A}/><path d="M29 29l10 10"/>`,
  },
  {
    id: 'e-occasion',
    hue: 30,
    body: `<rect x="8" y="11" width="32" height="28" rx="3" ${A}/><path d="M8 19h32M16 7v7M32 7v7M18 29h4M26 29h4"/>`,
  },
  {
    id: 'e-catalog',
    hue: 200,
    body: `<path d="M8 18l16-8 16 8v18l-16 8-16-8z" ${A}/><path d="M8 18l16 8 16-8M24 26v18"/>`,
  },
];

function symbol(art: Art): string {
  const words = art.words ? ` data-w="${art.words}"` : '';
  const body = typeof art.body === 'string' ? art.body : art.body.join('');
  return `<symbol id="${art.id}" viewBox="0 0 48 48" data-h="${art.hue}"${words}>${body}</symbol>`;
}

const ALL = [...KINDS, ...CATEGORIES, ...OTHERS];

/** The sprite, hidden, for the top of the widget's body. */
export const ILLUSTRATION_SPRITE = `<svg width="0" height="0" style="position:absolute" aria-hidden="true">${ALL.map(symbol).join('')}</svg>`;

/** Every symbol id, for the tests. */
export const ILLUSTRATION_IDS: readonly string[] = ALL.map((a) => a.id);
