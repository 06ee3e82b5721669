import { z } from 'zod';

/** Closed vocabularies: the ranking matches on them, so free text would silently never match. */
export const CATEGORIES = [
  'tech', 'home', 'kitchen', 'books', 'experiences', 'outdoors', 'sports', 'fashion', 'beauty', 'toys',
  'games', 'music', 'art', 'garden', 'travel', 'wellness', 'food-drink', 'stationery', 'pets', 'tools',
] as const;

export const RELATIONSHIPS = [
  'partner', 'parent', 'sibling', 'child', 'grandparent', 'friend', 'colleague', 'teacher', 'boss', 'neighbor',
] as const;

export const OCCASIONS = [
  'birthday', 'christmas', 'hanukkah', 'anniversary', 'wedding', 'housewarming', 'graduation', 'valentines',
  'mothers-day', 'fathers-day', 'thank-you', 'retirement', 'new-baby', 'get-well', 'just-because',
  'secret-santa', 'farewell',
] as const;

export const INTERESTS = [
  'cooking', 'baking', 'coffee', 'tea', 'wine', 'beer', 'cocktails', 'gardening', 'plants', 'hiking', 'camping',
  'running', 'cycling', 'yoga', 'fitness', 'swimming', 'fishing', 'photography', 'music', 'vinyl', 'guitar',
  'reading', 'writing', 'journaling', 'drawing', 'painting', 'crafts', 'knitting', 'sewing', 'gaming',
  'board-games', 'puzzles', 'gadgets', 'smart-home', 'programming', 'science', 'astronomy', 'travel', 'fashion',
  'skincare', 'makeup', 'dogs', 'cats', 'movies', 'history', 'languages', 'diy', 'woodworking', 'cars',
  'football', 'golf', 'tennis', 'skiing', 'meditation', 'sleep', 'home-decor', 'lego', 'dinosaurs', 'space',
  'animals', 'cars-toys', 'dolls', 'outdoors-play', 'learning',
] as const;

export type Category = (typeof CATEGORIES)[number];
export type Relationship = (typeof RELATIONSHIPS)[number];
export type Occasion = (typeof OCCASIONS)[number];
export type Interest = (typeof INTERESTS)[number];

const nonEmptyUnique = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .min(1)
    .max(max)
    .refine((values) => new Set(values).size === values.length, 'values must not repeat');

/** One catalog record, as authored in catalog/gifts.json and as imported. */
export const GiftSchema = z
  .object({
    id: z
      .string()
      .min(3)
      .max(60)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id must be a kebab-case slug'),
    title: z.string().trim().min(3).max(80),
    description: z.string().trim().min(20).max(300),
    price: z
      .number()
      .positive()
      .max(100_000)
      .refine((p) => Math.round(p * 100) === p * 100 || Math.abs(Math.round(p * 100) - p * 100) < 1e-6, 'price has at most 2 decimals'),
    categories: nonEmptyUnique(z.enum(CATEGORIES), 3),
    interests: nonEmptyUnique(z.enum(INTERESTS), 6),
    ageMin: z.number().int().min(0).max(120),
    ageMax: z.number().int().min(0).max(120),
    relationships: nonEmptyUnique(z.enum(RELATIONSHIPS), RELATIONSHIPS.length),
    occasions: nonEmptyUnique(z.enum(OCCASIONS), OCCASIONS.length),
  })
  .strict()
  .refine((g) => g.ageMin <= g.ageMax, { message: 'ageMin must not exceed ageMax', path: ['ageMin'] });

export type Gift = z.infer<typeof GiftSchema>;

/** Formats zod issues as one line each: `field: message`. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`);
}
