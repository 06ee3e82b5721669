import {
  acceptedContent,
  type CallToolResult,
  type ClientCapabilities,
  inputRequired,
  inputResponse,
  LOG_LEVEL_META_KEY,
  type McpServer,
  type RegisteredTool,
  requireScopes,
  type ServerContext,
  type StandardSchemaWithJSON,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { GiftGenApp } from '../app.js';
import { type GiftQuery, PRICE_BANDS, priceBand, type Ranking } from '../recommend/rank.js';
import { relationshipReading, withoutAsides } from '../recommend/score.js';
import { suggestToolMeta, widgetResultMeta } from '../widget/meta.js';
import { perConfig, withCachedJsonSchema } from './cached-schema.js';
import { clientCapabilities, supportsFormElicitation } from './client-capabilities.js';
import { canAskUser, canPush, type Lane } from './lane.js';
import type { SuggestState } from './request-state.js';
import { OPTIONAL_SUGGEST_ARGUMENTS, type ToolConfig } from './tool-config.js';
import { guardTool } from './tool-errors.js';

type AskedForInput = ReturnType<typeof inputRequired>;

const SUGGEST_DESCRIPTION =
  "Suggests gift ideas from the GiftGen catalog for one recipient. Give the recipient's age and your relationship to them " +
  '(e.g. "sister", "colleague"); add a budget in USD, their interests, the occasion and anything to avoid for better picks. ' +
  'Returns ranked ideas, each with a one-line reason.';

/*
 * Text limits: long enough for what people type (a relationship with its story, an interest with its situation:
 * "just started running for her first 10k"), short enough to bound the reading. At 60 and 40 characters 184 of
 * the eval's 908 requests, written as people ask, were refused (54 of held-out-13's 60); test/eval-split.test.ts
 * holds every eval request to this schema.
 */
const ARGUMENT_SCHEMAS = {
  age: z.number().int().min(0).max(120).describe('Recipient age in years'),
  relationship: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe('Who the recipient is to you, e.g. "sister", "partner", "colleague"'),
  budget: z.number().positive().max(100_000).describe('Most you want to spend, in USD'),
  interests: z.array(z.string().trim().min(1).max(120)).max(10).describe('What they enjoy, e.g. ["coffee", "hiking"]'),
  occasion: z.string().trim().min(1).max(160).describe('e.g. "birthday", "christmas", "housewarming"'),
  exclude: z
    .array(z.string().trim().min(1).max(120))
    .max(20)
    .describe('Gift ids, categories or words to avoid, e.g. ["alcohol"]'),
  count: z.number().int().min(1).max(10).describe('How many ideas, 1–10 (default 5)'),
};

export const SuggestOutputZod = z.object({
  gifts: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      price: z.number(),
      category: z.string(),
      reason: z.string(),
      why: z.string().optional().describe('Why the item makes a good gift, in general'),
    }),
  ),
  matched: z.number().int().describe('Catalog items that passed the filters'),
  budget: z.number().nullable(),
  acrossPriceRanges: z
    .boolean()
    .describe('True when no budget was given and the ideas span price ranges (two price bands or more)'),
  // Added in 0.4 (optional, so hosts that froze the earlier schema still accept results).
  unmet: z
    .array(
      z.object({
        kind: z.enum(['budget', 'exclusion', 'age', 'interest', 'occasion', 'catalog']),
        message: z.string(),
      }),
    )
    .optional()
    .describe('What could not be satisfied and what was done instead; empty when everything was'),
});

export const GiftRecordZod = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  categories: z.array(z.string()),
  interests: z.array(z.string()),
  ageMin: z.number().int(),
  ageMax: z.number().int(),
  relationships: z.array(z.string()),
  occasions: z.array(z.string()),
  // Added in 0.4 (optional: earlier records and frozen host schemas stay valid).
  why: z.string().optional(),
  giftability: z.number().int().optional(),
  contains: z.array(z.string()).optional(),
  presumesInterest: z.array(z.string()).optional(),
  presumes: z.array(z.string()).optional(),
  gender: z.string().optional(),
  notFor: z.array(z.string()).optional(),
  keywords: z.array(z.string()).optional(),
  // Added for issue 25 (optional, as above): its kind, whom it is for, why it is personal, what it does.
  kind: z.string().optional(),
  recipient: z.string().optional(),
  personal: z.array(z.string()).optional(),
  does: z.string().optional(),
  serves: z.record(z.string(), z.string()).optional(),
  // Added in round 6 of issue 25 (optional, as above): what it does at one of its occasions.
  marks: z.record(z.string(), z.string()).optional(),
  // Added in round 54 of issue 25 (optional, as above): what it does in a working life. Every catalog field must be
  // here: the schema allows nothing else, and a client that checks it refuses the whole answer (the soak test's SDK
  // clients refused get_gift for the 39 items that carry one).
  atWork: z.string().optional(),
  uri: z.string(),
});

export const SuggestOutputSchema = withCachedJsonSchema(SuggestOutputZod);
export const GiftRecordSchema = withCachedJsonSchema(GiftRecordZod);
const GetGiftInput = withCachedJsonSchema(
  z.object({ id: z.string().trim().min(1).max(120).describe('Gift id, e.g. "pour-over-coffee-kit"') }),
);

const BudgetAnswer = z.object({ budget: z.number().positive().max(100_000) });

/** What suggest_gifts returns as structured content (and the widget reads): the schema's type, not a copy. */
export type SuggestOutput = z.infer<typeof SuggestOutputZod>;

/** suggest_gifts' input schema for a configuration: the required arguments always, the optional ones it exposes. */
export function suggestInputSchema(config: ToolConfig) {
  return suggestInputSchemaOnce(config);
}

const suggestInputSchemaOnce = perConfig((config: ToolConfig) => withCachedJsonSchema(buildSuggestInputSchema(config)));

/** The zod form, for schemas built on top of it (the widget's app-only tools). */
export function buildSuggestInputSchema(config: ToolConfig) {
  const exposed = config.tools.suggest_gifts.arguments ?? OPTIONAL_SUGGEST_ARGUMENTS;
  const maxCount = config.tools.suggest_gifts.maxCount;
  const shape: Record<string, z.ZodType> = { age: ARGUMENT_SCHEMAS.age, relationship: ARGUMENT_SCHEMAS.relationship };
  for (const name of OPTIONAL_SUGGEST_ARGUMENTS) {
    if (!exposed.includes(name)) continue;
    shape[name] = (
      name === 'count'
        ? z.number().int().min(1).max(maxCount).describe(`How many ideas, 1–${maxCount} (default 5)`)
        : ARGUMENT_SCHEMAS[name]
    ).optional();
  }
  return z.object(shape);
}

/** "my wife's dad" → "your wife's dad" (never "your my …"), in the words the reasons use ("wifes" → "wife's"). */
const yourNoun = (typed: string, relationship = withoutAsides(typed)) =>
  `your ${relationshipReading(relationship)?.noun ?? relationship.replace(/^(my|our|your|the|a)\s+/i, '').split(/\s*[,;]\s*/)[0]}`;

/** The human summary: one line per idea with its id (so a model can call get_gift), then what was not met. */
function summarize(args: GiftQuery, budget: number | undefined, ranking: Ranking, declined: boolean): string {
  // As the reasons name the person ("the lunch lady who saves your daughter a milk", "you and your husband");
  // "them" (nothing to name them by) is no name for a heading.
  const who = `${ranking.person && ranking.person !== 'them' ? ranking.person : yourNoun(args.relationship)} (${args.age})`;
  const unmet = ranking.unmet.map((u) => `Note: ${u.message}`);
  if (ranking.gifts.length === 0) {
    return [`No gift in the catalog fits ${who}${budget !== undefined ? ` within $${budget}` : ''}.`, ...unmet].join(
      '\n',
    );
  }
  const lines = ranking.gifts.map(
    (g, i) => `${i + 1}. ${g.gift.title} — $${g.gift.price} (id: ${g.gift.id}): ${g.reason}`,
  );
  // The bands the ideas' prices fall in, named as they are (never a band no idea is in).
  const bands = PRICE_BANDS.filter((_, i) => ranking.gifts.some((g) => priceBand(g.gift.price) === i)).map(
    (b) => b.label,
  );
  const unnamed = declined ? 'No budget was given' : 'No budget was named';
  const head =
    budget !== undefined
      ? `Gift ideas for ${who}, up to $${budget}:`
      : ranking.acrossPriceRanges
        ? `Gift ideas for ${who}. ${unnamed}, so these span price ranges (${bands.join(', ')}) around what people usually spend; name a budget for tighter picks:`
        : `Gift ideas for ${who}. ${unnamed}, so these are priced around what people usually spend (${bands.join(', ')}); name a budget for other picks:`;
  return [head, ...lines, ...unmet].join('\n');
}

export interface ToolHandles {
  suggest: RegisteredTool;
  getGift: RegisteredTool;
}

export const SUGGEST_TOOL = 'suggest_gifts';
export const GET_GIFT_TOOL = 'get_gift';

/** Whether suggest_gifts' `budget` argument is exposed by the current configuration. */
export function budgetExposed(config: ToolConfig): boolean {
  return (config.tools.suggest_gifts.arguments ?? OPTIONAL_SUGGEST_ARGUMENTS).includes('budget');
}

/**
 * Whether a call without a budget asks the user for one: only a client that said it can
 * ask its user (form elicitation), on a lane that can carry the question.
 */
export function asksForBudget(
  config: ToolConfig,
  lane: Lane,
  args: GiftQuery,
  caps: ClientCapabilities | undefined,
): boolean {
  return args.budget === undefined && budgetExposed(config) && canAskUser(lane) && supportsFormElicitation(caps);
}

/** The structuredContent of every suggestion (suggest_gifts and the widget's refinements): one shape, one place. */
export function suggestionStructured(ranking: Ranking, budget: number | undefined): SuggestOutput {
  return {
    gifts: ranking.gifts.map((g) => ({
      id: g.gift.id,
      title: g.gift.title,
      price: g.gift.price,
      category: g.category,
      reason: g.reason,
      ...(g.gift.why !== undefined && { why: g.gift.why }),
    })),
    matched: ranking.matched,
    budget: budget ?? null,
    acrossPriceRanges: ranking.acrossPriceRanges,
    unmet: ranking.unmet,
  };
}

/** The suggestion for settled arguments: the budget is known, or deliberately absent (`declined`: the user said no). */
export function suggestGifts(
  app: GiftGenApp,
  args: GiftQuery,
  budget: number | undefined,
  declined: boolean,
): { result: CallToolResult; ranking: Ranking; structuredJson: string } {
  const ranking = app.rank({
    ...args,
    budget,
    count: Math.min(args.count ?? 5, app.toolConfig.tools.suggest_gifts.maxCount),
  });
  const structured = suggestionStructured(ranking, budget);
  const structuredJson = JSON.stringify(structured);
  const result: CallToolResult = {
    // 2025-06-18+: a tool returning structured content SHOULD also return it serialised in a text block
    // (hosts that hand only `content` to their model then still see the ids get_gift takes).
    content: [
      { type: 'text', text: summarize(args, budget, ranking, declined) },
      { type: 'text', text: structuredJson },
    ],
    structuredContent: structured,
    // Widget-only data (the request, to refine it); hosts do not show `_meta` to the model.
    _meta: widgetResultMeta({ ...args, budget }),
  };
  return { result, ranking, structuredJson };
}

/** The `data` of suggest_gifts' log message (legacy lanes; modern requests that ask for logs). */
export function suggestLogData(ranking: Ranking, budget: number | undefined): Record<string, unknown> {
  return { tool: SUGGEST_TOOL, matched: ranking.matched, returned: ranking.gifts.length, budget: budget ?? null };
}

export const LOGGER_NAME = 'gift-genius';

/** get_gift's answer: the full record, or a tool error naming the unknown id. */
export async function getGift(app: GiftGenApp, id: string): Promise<CallToolResult> {
  const gift = await app.gift(id);
  if (!gift) {
    return {
      isError: true,
      content: [{ type: 'text', text: `No gift with id "${id}". Use an id from suggest_gifts.` }],
    };
  }
  const record = { ...gift, uri: `gift://catalog/${gift.id}` };
  return {
    content: [{ type: 'text', text: `${gift.title} — $${gift.price}\n${gift.description}` }],
    structuredContent: record,
  };
}

/** A tool's input schema as registered (what the SDK validates arguments with) and the argument names it knows. */
export interface ToolInput {
  schema: StandardSchemaWithJSON;
  names: ReadonlySet<string>;
}

const GET_GIFT_INPUT: ToolInput = { schema: GetGiftInput, names: new Set(['id']) };
const suggestInput = perConfig(
  (config: ToolConfig): ToolInput => ({
    schema: suggestInputSchema(config),
    names: new Set(Object.keys(buildSuggestInputSchema(config).shape)),
  }),
);

export function toolInput(config: ToolConfig, name: typeof SUGGEST_TOOL | typeof GET_GIFT_TOOL): ToolInput {
  return name === SUGGEST_TOOL ? suggestInput(config) : GET_GIFT_INPUT;
}

/** The SDK's per-tool scope challenge when the tool needs OAuth scopes: a call without them gets 403 naming them. */
function scopeChallenge(app: GiftGenApp, tool: string) {
  const scopes = app.toolScopes.get(tool);
  return scopes && scopes.length > 0 ? { scopeChallenge: requireScopes(scopes[0]!, ...scopes.slice(1)) } : {};
}

/** Registers both tools from the current configuration; `applyToolConfig` re-applies a new one to a live instance. */
export function registerTools(server: McpServer, app: GiftGenApp, lane: Lane): ToolHandles {
  const config = app.toolConfig;
  const suggest = server.registerTool(
    SUGGEST_TOOL,
    {
      title: config.tools.suggest_gifts.title ?? 'Suggest gifts',
      description: config.tools.suggest_gifts.description ?? SUGGEST_DESCRIPTION,
      inputSchema: suggestInputSchema(config),
      outputSchema: SuggestOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
      // MCP Apps / ChatGPT: render the result with the gift-card widget (src/widget).
      _meta: suggestToolMeta(),
      ...scopeChallenge(app, SUGGEST_TOOL),
    },
    guardTool(app.log, async (rawArgs: unknown, ctx: ServerContext): Promise<CallToolResult | AskedForInput> => {
      const args = rawArgs as GiftQuery;
      let budget = args.budget;
      let declined = false;
      if (asksForBudget(app.toolConfig, lane, args, clientCapabilities(server, ctx))) {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'budget');
        if (answer.kind === 'missing') {
          return inputRequired({
            // Sealed, bound to this call's arguments and caller, single use (see request-state.ts).
            requestState: await app.stateGuard.mint(args as Record<string, unknown>, ctx),
            inputRequests: {
              budget: inputRequired.elicit({
                message: `What is your budget in USD for a gift for your ${args.relationship}?`,
                requestedSchema: {
                  type: 'object',
                  properties: { budget: { type: 'number', title: 'Budget (USD)', minimum: 1, maximum: 100000 } },
                  required: ['budget'],
                },
              }),
            },
          });
        }
        // The SDK has already checked the seal and spent the state (RequestStateGuard.verify);
        // here it must belong to these very arguments.
        const state = ctx.mcpReq.requestState<SuggestState>();
        const refusal = state
          ? app.stateGuard.mismatch(state, args as Record<string, unknown>)
          : 'requestState is missing';
        if (refusal)
          return { isError: true, content: [{ type: 'text', text: `Refused: ${refusal}. Call suggest_gifts again.` }] };
        budget = acceptedContent(ctx.mcpReq.inputResponses, 'budget', BudgetAnswer)?.budget;
        declined = budget === undefined;
      }
      const { result, ranking } = suggestGifts(app, args, budget, declined);
      // Modern requests ask for log messages per request (_meta log level); without one, none
      // is due, and skipping the call spares the SDK building an error it would then drop.
      const wantsLog =
        lane.era === 'legacy'
          ? canPush(lane)
          : (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[LOG_LEVEL_META_KEY] !== undefined;
      if (wantsLog) await ctx.mcpReq.log('info', suggestLogData(ranking, budget), LOGGER_NAME).catch(() => undefined);
      return result;
    }),
  );

  const getGiftTool = server.registerTool(
    GET_GIFT_TOOL,
    {
      title: config.tools.get_gift.title ?? 'Get gift details',
      description:
        config.tools.get_gift.description ??
        'Returns the full catalog record of one gift, by the id suggest_gifts returned.',
      inputSchema: GetGiftInput,
      outputSchema: GiftRecordSchema,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
      ...scopeChallenge(app, GET_GIFT_TOOL),
    },
    guardTool(app.log, async ({ id }: { id: string }): Promise<CallToolResult> => getGift(app, id)),
  );

  applyEnabled({ suggest, getGift: getGiftTool }, config);
  return { suggest, getGift: getGiftTool };
}

function applyEnabled(handles: ToolHandles, config: ToolConfig): void {
  if (handles.suggest.enabled !== config.tools.suggest_gifts.enabled) {
    if (config.tools.suggest_gifts.enabled) handles.suggest.enable();
    else handles.suggest.disable();
  }
  if (handles.getGift.enabled !== config.tools.get_gift.enabled) {
    if (config.tools.get_gift.enabled) handles.getGift.enable();
    else handles.getGift.disable();
  }
}

/** Re-applies a changed configuration to a live instance; McpServer then sends tools/list_changed itself. */
export function applyToolConfig(handles: ToolHandles, config: ToolConfig): void {
  handles.suggest.update({
    title: config.tools.suggest_gifts.title ?? 'Suggest gifts',
    description: config.tools.suggest_gifts.description ?? SUGGEST_DESCRIPTION,
    paramsSchema: suggestInputSchema(config),
  });
  handles.getGift.update({
    title: config.tools.get_gift.title ?? 'Get gift details',
    description:
      config.tools.get_gift.description ??
      'Returns the full catalog record of one gift, by the id suggest_gifts returned.',
  });
  applyEnabled(handles, config);
}
