import { INTERESTS, OCCASIONS, RELATIONSHIPS, type Interest, type Occasion, type Relationship } from '../catalog/schema.js';

/** Everyday words people (and models) use, mapped onto the catalog's closed vocabularies. */
const RELATIONSHIP_WORDS: Record<string, Relationship> = {
  wife: 'partner', husband: 'partner', spouse: 'partner', girlfriend: 'partner', boyfriend: 'partner',
  fiance: 'partner', fiancee: 'partner', 'fiancé': 'partner', 'fiancée': 'partner', lover: 'partner', significant: 'partner',
  mother: 'parent', mom: 'parent', mum: 'parent', mama: 'parent', father: 'parent', dad: 'parent', papa: 'parent',
  'mother-in-law': 'parent', 'father-in-law': 'parent', stepmother: 'parent', stepfather: 'parent',
  sister: 'sibling', brother: 'sibling', sis: 'sibling', bro: 'sibling', twin: 'sibling',
  son: 'child', daughter: 'child', kid: 'child', niece: 'child', nephew: 'child', grandchild: 'child',
  grandson: 'child', granddaughter: 'child', godchild: 'child', stepson: 'child', stepdaughter: 'child', toddler: 'child', baby: 'child',
  grandmother: 'grandparent', grandfather: 'grandparent', grandma: 'grandparent', grandpa: 'grandparent',
  granny: 'grandparent', nana: 'grandparent',
  buddy: 'friend', pal: 'friend', 'best friend': 'friend', bestie: 'friend', roommate: 'friend', cousin: 'friend',
  coworker: 'colleague', 'co-worker': 'colleague', teammate: 'colleague', employee: 'colleague', client: 'colleague',
  manager: 'boss', supervisor: 'boss', mentor: 'boss',
  tutor: 'teacher', coach: 'teacher', professor: 'teacher', instructor: 'teacher',
  neighbour: 'neighbor', host: 'neighbor', landlord: 'neighbor',
};

const OCCASION_WORDS: Record<string, Occasion> = {
  bday: 'birthday', 'birth day': 'birthday', xmas: 'christmas', 'x-mas': 'christmas', holiday: 'christmas', holidays: 'christmas',
  'new year': 'christmas', chanukah: 'hanukkah', "valentine's day": 'valentines', valentine: 'valentines', 'valentines day': 'valentines',
  "mother's day": 'mothers-day', 'mothers day': 'mothers-day', "father's day": 'fathers-day', 'fathers day': 'fathers-day',
  'thank you': 'thank-you', thanks: 'thank-you', 'house warming': 'housewarming', 'new home': 'housewarming',
  'baby shower': 'new-baby', 'new baby': 'new-baby', birth: 'new-baby', 'get well': 'get-well', 'get well soon': 'get-well',
  'no reason': 'just-because', 'just because': 'just-because', 'secret santa': 'secret-santa', 'white elephant': 'secret-santa',
  goodbye: 'farewell', 'leaving': 'farewell', 'going away': 'farewell', engagement: 'wedding', 'bridal shower': 'wedding',
  graduate: 'graduation', commencement: 'graduation', retiring: 'retirement',
};

const INTEREST_WORDS: Record<string, Interest[]> = {
  books: ['reading'], book: ['reading'], novels: ['reading'], 'video games': ['gaming'], videogames: ['gaming'], games: ['gaming', 'board-games'],
  coding: ['programming'], code: ['programming'], software: ['programming'], computers: ['gadgets', 'programming'], tech: ['gadgets'],
  technology: ['gadgets'], food: ['cooking'], kitchen: ['cooking'], cook: ['cooking'], bake: ['baking'], sport: ['fitness'], sports: ['fitness'],
  gym: ['fitness'], workout: ['fitness'], exercise: ['fitness'], art: ['drawing', 'painting'], arts: ['crafts'], dog: ['dogs'], cat: ['cats'],
  pets: ['dogs', 'cats'], pet: ['dogs', 'cats'], plant: ['plants'], garden: ['gardening'], film: ['movies'], films: ['movies'],
  cinema: ['movies'], soccer: ['football'], bike: ['cycling'], biking: ['cycling'], camera: ['photography'], photos: ['photography'],
  stars: ['astronomy'], hike: ['hiking'], nature: ['hiking', 'outdoors-play'], outdoors: ['hiking', 'camping'], records: ['vinyl'],
  whisky: ['cocktails'], whiskey: ['cocktails'], spirits: ['cocktails'], craft: ['crafts'], makeup: ['makeup'], beauty: ['skincare', 'makeup'],
  style: ['fashion'], clothes: ['fashion'], clothing: ['fashion'], relaxation: ['meditation', 'sleep'], mindfulness: ['meditation'],
  wellness: ['meditation', 'yoga'], decor: ['home-decor'], interior: ['home-decor'], trains: ['cars-toys'], lego: ['lego'], bricks: ['lego'],
  dino: ['dinosaurs'], planets: ['space'], rockets: ['space'], dolls: ['dolls'], languages: ['languages'], language: ['languages'],
};

/** Exclusion words that stand for several interests at once. */
const EXCLUDE_WORDS: Record<string, Interest[]> = {
  alcohol: ['wine', 'beer', 'cocktails'], booze: ['wine', 'beer', 'cocktails'], caffeine: ['coffee'],
  screens: ['gaming', 'gadgets'], electronics: ['gadgets', 'smart-home'],
};

const normalize = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const singular = (word: string) => (word.endsWith('s') && word.length > 3 ? word.slice(0, -1) : word);

export function normalizeRelationship(text: string): Relationship | undefined {
  const word = normalize(text).replace(/^(my|our|a|the)\s+/, '');
  if ((RELATIONSHIPS as readonly string[]).includes(word)) return word as Relationship;
  if (RELATIONSHIP_WORDS[word]) return RELATIONSHIP_WORDS[word];
  // "older sister", "little brother", "my wife's dad": the last known word decides.
  const tokens = word.split(/[\s']+/).reverse();
  for (const token of tokens) {
    const hit = RELATIONSHIP_WORDS[token] ?? RELATIONSHIP_WORDS[singular(token)];
    if (hit) return hit;
    if ((RELATIONSHIPS as readonly string[]).includes(singular(token))) return singular(token) as Relationship;
  }
  return undefined;
}

export function normalizeOccasion(text: string): Occasion | undefined {
  const word = normalize(text).replace(/[’]/g, "'");
  if ((OCCASIONS as readonly string[]).includes(word)) return word as Occasion;
  if (OCCASION_WORDS[word]) return OCCASION_WORDS[word];
  const dashed = word.replace(/'/g, '').replace(/\s+/g, '-');
  if ((OCCASIONS as readonly string[]).includes(dashed)) return dashed as Occasion;
  for (const [phrase, occasion] of Object.entries(OCCASION_WORDS)) if (word.includes(phrase)) return occasion;
  return undefined;
}

/** Known interests for a free-text interest, or none (then it is matched as a keyword). */
export function normalizeInterest(text: string): Interest[] {
  const word = normalize(text);
  if ((INTERESTS as readonly string[]).includes(word)) return [word as Interest];
  const dashed = word.replace(/\s+/g, '-');
  if ((INTERESTS as readonly string[]).includes(dashed)) return [dashed as Interest];
  return INTEREST_WORDS[word] ?? INTEREST_WORDS[singular(word)] ?? ((INTERESTS as readonly string[]).includes(singular(word)) ? [singular(word) as Interest] : []);
}

export function exclusionInterests(text: string): Interest[] {
  const word = normalize(text);
  return EXCLUDE_WORDS[word] ?? normalizeInterest(word);
}

export const RELATIONSHIP_VALUES = RELATIONSHIPS;
export const OCCASION_VALUES = OCCASIONS;
export const RELATIONSHIP_SUGGESTIONS = [...new Set([...RELATIONSHIPS, ...Object.keys(RELATIONSHIP_WORDS)])].sort();
export const OCCASION_SUGGESTIONS = [...new Set([...OCCASIONS, ...Object.keys(OCCASION_WORDS)])].sort();
