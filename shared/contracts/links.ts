import * as z from 'zod';
import { LOGO_MAX_BYTES, LOGO_TYPES, LOGO_UPLOAD_SECONDS, type LogoType } from './logos';
import { defineRoute, type RouteContract } from './route';
import { listOf, listQuery } from './list';
import { LANGUAGES } from './headers';
import { OutboundUrlSchema } from './outbound-url';
import { isTimeZone } from '../domain/time-zones';
import {
  EVALUATION_PERIODS,
  LINK_CATEGORIES,
  LINK_DESCRIPTION_MAX_LENGTH,
  LINK_MESSAGE_MAX_LENGTH,
  LINK_NAME_MAX_LENGTH,
  LINKS_PAGE_MAX,
  LINK_STEP_FIRST,
  LINK_STEP_LAST,
  linkCategoryProblems,
} from '../domain/links';

/**
 * Links (spec 01 §3 Short URL alias, §5, §7 `/shorten-urls`; spec 02 §3, §5, §7): short addresses
 * a sphere's admins (a session's owners for its own) make, list, change and delete, and which
 * anyone signed in (guests included) reads to open them while they have not expired. A campaign's
 * link also answers `/campaign`: the campaign and the code that proves the link came from its
 * sphere (docs/decisions/0027-links-and-scan.md).
 */

const IdSchema = z.string().min(1).max(100);
const LinkIdSchema = z.string().min(1).max(64);

export const LinkWizardSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('feeling'),
      period: z.enum(EVALUATION_PERIODS, 'not-valid').default('none'),
    }),
    z.strictObject({ type: z.literal('thinking'), groupId: z.string().max(40).default('default') }),
    z.strictObject({ type: z.literal('form'), formId: z.string().trim().max(100).default('') }),
    z.strictObject({ type: z.literal('profile') }),
    z.strictObject({ type: z.literal('sphereStrategyAssessment') }),
    z.strictObject({ type: z.literal('sessionStrategyAssessment') }),
  ],
  'not-valid',
);
export type LinkWizardInput = z.input<typeof LinkWizardSchema>;

const message = z.string().trim().max(LINK_MESSAGE_MAX_LENGTH, 'length-out-of-range-error');

/** What an admin writes of a link, whatever its place. */
const LinkFieldsSchema = z.strictObject({
  name: z.string('required').trim().min(1, 'required').max(LINK_NAME_MAX_LENGTH, 'length-out-of-range-error'),
  description: z.string().trim().max(LINK_DESCRIPTION_MAX_LENGTH, 'length-out-of-range-error').default(''),
  /**
   * Where the browser may go after the last step: a public https address (the outbound address
   * rule, 400 `invalid-url`), offered through the leaving page, never followed by itself.
   */
  redirectUrl: OutboundUrlSchema.optional(),
  /**
   * The last day the link opens (`YYYY-MM-DD`; a time of day is ignored): at least tomorrow in
   * `timeZone`, 100 years ahead when left out (spec 02 §5, §9). The server checks the day.
   */
  expiredAt: z.string().max(40).optional(),
  /** The time zone of the person writing the link, for "tomorrow". */
  timeZone: z
    .string()
    .max(64)
    .refine((zone) => isTimeZone(zone), 'not-valid')
    .optional(),
  messageForUser: message.optional(),
  endMessageForUser: message.optional(),
  defaultLanguage: z.enum(LANGUAGES, 'not-valid').default('fr'),
  /**
   * Tags of the link's sphere (spec 01 §3): the server checks each added one is an active tag of
   * that sphere (400 `not-valid` on `body.specificTagIds`); one the link holds stays, even archived.
   */
  specificTagIds: z.array(IdSchema).max(100, 'too-many').default([]),
  stepNumber: z
    .number('not-a-number')
    .int('not-a-number')
    .min(LINK_STEP_FIRST, 'value-out-of-range-error')
    .max(LINK_STEP_LAST, 'value-out-of-range-error')
    .default(LINK_STEP_FIRST),
  wizards: z.array(LinkWizardSchema).max(10, 'too-many').default([]),
});

export { linkCategoryProblems };

/**
 * POST /v1/shorten-urls: a link of a sphere, of a session (`sessionId`, of that sphere) or of a
 * campaign of the sphere (`campaignId`).
 */
export const LinkCreateSchema = LinkFieldsSchema.extend({
  category: z.enum(LINK_CATEGORIES, 'not-valid'),
  sphereId: IdSchema,
  sessionId: IdSchema.optional(),
  campaignId: IdSchema.optional(),
}).superRefine((link, context) => {
  if (link.category === 'session' && link.sessionId === undefined)
    context.addIssue({ code: 'custom', message: 'required', path: ['sessionId'] });
  if (link.category !== 'session' && link.sessionId !== undefined)
    context.addIssue({ code: 'custom', message: 'unexpected-value-error', path: ['sessionId'] });
  if (link.category === 'campaign' && link.campaignId === undefined)
    context.addIssue({ code: 'custom', message: 'required', path: ['campaignId'] });
  if (link.category !== 'campaign' && link.campaignId !== undefined)
    context.addIssue({ code: 'custom', message: 'unexpected-value-error', path: ['campaignId'] });
  for (const problem of linkCategoryProblems(link, link.category))
    context.addIssue({ code: 'custom', message: problem.key, path: problem.path });
});
export type LinkCreate = z.infer<typeof LinkCreateSchema>;
export type LinkCreateInput = z.input<typeof LinkCreateSchema>;

/**
 * PUT /v1/shorten-urls/{id}: every field an admin writes again; the place and category stay. The
 * step number and wizards are checked against the link's category by the server.
 */
export const LinkUpdateSchema = LinkFieldsSchema;
export type LinkUpdate = z.infer<typeof LinkUpdateSchema>;
export type LinkUpdateInput = z.input<typeof LinkUpdateSchema>;

/**
 * A link. Everyone who opens it reads what running it needs; its sphere's admins (a session's
 * owners) read everything (`description`, `specificTagIds`, dates) too.
 */
export const LinkSchema = z.object({
  id: z.string(),
  category: z.enum(LINK_CATEGORIES),
  sphereId: z.string(),
  sessionId: z.string().optional(),
  campaignId: z.string().optional(),
  name: z.string(),
  redirectUrl: z.string().optional(),
  /** The last day it opens (`YYYY-MM-DD`). */
  expiredAt: z.string(),
  /** Under 20 years ahead: the form shows an expiry (spec 02 §5). */
  expirySet: z.boolean(),
  messageForUser: z.string().optional(),
  endMessageForUser: z.string().optional(),
  defaultLanguage: z.enum(LANGUAGES),
  stepNumber: z.number().int(),
  /** In the order they run. */
  wizards: z.array(LinkWizardSchema),
  /** Proves the link was made in its sphere: `sphereLinkCode(sphereId, 'link:' + id)`. */
  validationCode: z.string(),
  /**
   * Where the browser loads the link's own logo from (its own routes, `…/{id}/logo`); absent when
   * it has none. The link page shows it to everyone who opens the link.
   */
  logoUrl: z.string().optional(),
  description: z.string().optional(),
  specificTagIds: z.array(z.string()).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Link = z.infer<typeof LinkSchema>;

export const LinkListSchema = listOf(LinkSchema);
export type LinkList = z.infer<typeof LinkListSchema>;

export const LinkParams = z.strictObject({ id: LinkIdSchema });

export const createLink = defineRoute({
  name: 'createLink',
  domain: 'links',
  method: 'POST',
  path: '/v1/shorten-urls',
  auth: 'registered',
  // A session's link is its owners' (and its sphere's admins'); the sphere's link its admins'. The
  // service checks that the session is of that sphere.
  ability: { action: 'post', subject: 'url', on: { sphereId: 'body.sphereId', sessionId: 'body.sessionId' } },
  body: LinkCreateSchema,
  response: LinkSchema,
  status: 201,
});

/** GET …/spheres/{sphereId}: a sphere's own links and its campaigns' (not its sessions'), newest first. */
export const listSphereLinks = defineRoute({
  name: 'listSphereLinks',
  domain: 'links',
  method: 'GET',
  path: '/v1/shorten-urls/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'get', subject: 'url', on: { sphereId: 'sphereId' } },
  params: z.strictObject({ sphereId: IdSchema }),
  query: listQuery(LINKS_PAGE_MAX),
  response: LinkListSchema,
});

/** GET …/sessions/{sessionId}: a session's links, newest first. */
export const listSessionLinks = defineRoute({
  name: 'listSessionLinks',
  domain: 'links',
  method: 'GET',
  path: '/v1/shorten-urls/sessions/{sessionId}',
  auth: 'registered',
  ability: { action: 'get', subject: 'url', on: { sessionId: 'sessionId' } },
  params: z.strictObject({ sessionId: IdSchema }),
  query: listQuery(LINKS_PAGE_MAX),
  response: LinkListSchema,
});

/** GET …/{id}: opening a link (anyone signed in, guests too) while it has not expired (`link-expired`). */
export const getLink = defineRoute({
  name: 'getLink',
  domain: 'links',
  method: 'GET',
  path: '/v1/shorten-urls/{id}',
  auth: 'user',
  params: LinkParams,
  response: LinkSchema,
});

/** PUT …/{id}: the rights are checked on the link's sphere or session once it is read. */
export const updateLink = defineRoute({
  name: 'updateLink',
  domain: 'links',
  method: 'PUT',
  path: '/v1/shorten-urls/{id}',
  auth: 'registered',
  ability: { action: 'put', subject: 'url' },
  params: LinkParams,
  body: LinkUpdateSchema,
  response: LinkSchema,
});

export const deleteLink = defineRoute({
  name: 'deleteLink',
  domain: 'links',
  method: 'DELETE',
  path: '/v1/shorten-urls/{id}',
  auth: 'registered',
  ability: { action: 'delete', subject: 'url' },
  params: LinkParams,
  response: z.undefined(),
  status: 204,
});

/** GET …/{id}/campaign (spec 02 §7): a campaign link's campaign and its code. */
export const LinkCampaignSchema = z.object({
  campaignId: z.string(),
  sphereId: z.string(),
  validationCode: z.string(),
});
export type LinkCampaign = z.infer<typeof LinkCampaignSchema>;

export const getLinkCampaign = defineRoute({
  name: 'getLinkCampaign',
  domain: 'links',
  method: 'GET',
  path: '/v1/shorten-urls/{id}/campaign',
  auth: 'user',
  params: LinkParams,
  response: LinkCampaignSchema,
});

/**
 * A link's logo (spec 01 §3, spec 02 §3 Short URL alias `logo`; decision 0027), like a form's
 * (decision 0023): PNG, JPEG or WebP, 1 MiB at most. SVG is refused: it is a document that can
 * carry script. Those who may change the link choose it.
 */
export const LINK_LOGO_TYPES = LOGO_TYPES;
export type LinkLogoType = LogoType;
export const LINK_LOGO_MAX_BYTES = LOGO_MAX_BYTES;
export const LINK_LOGO_UPLOAD_SECONDS = LOGO_UPLOAD_SECONDS;

/** POST /v1/shorten-urls/{id}/logo: the type and size of the file about to be sent. */
export const LinkLogoUploadRequestSchema = z.strictObject({
  contentType: z.enum(LINK_LOGO_TYPES, 'not-valid'),
  size: z
    .number('not-a-number')
    .int('not-valid')
    .min(1, 'value-out-of-range-error')
    .max(LINK_LOGO_MAX_BYTES, 'value-out-of-range-error'),
});
export type LinkLogoUploadRequest = z.infer<typeof LinkLogoUploadRequestSchema>;

/**
 * The upload the server grants: a form POST to `uploadUrl` with every field of `fields`, then the
 * file as the last field, named `file`. The storage refuses another type or a larger file.
 */
export const LinkLogoUploadSchema = z.object({
  uploadUrl: z.string(),
  fields: z.record(z.string(), z.string()),
  /** What PUT …/logo confirms once the file is sent. */
  key: z.string(),
  expiresAt: z.string(),
});
export type LinkLogoUpload = z.infer<typeof LinkLogoUploadSchema>;

/** PUT /v1/shorten-urls/{id}/logo: the uploaded file becomes the logo (checked again first). */
export const LinkLogoSchema = z.strictObject({
  key: z.string().min(1, 'required').max(300, 'length-out-of-range-error'),
});

/** POST …/{id}/logo: the right to change the link, checked on its sphere or session once read. */
export const requestLinkLogoUpload = defineRoute({
  name: 'requestLinkLogoUpload',
  domain: 'links',
  method: 'POST',
  path: '/v1/shorten-urls/{id}/logo',
  auth: 'registered',
  ability: { action: 'put', subject: 'url' },
  params: LinkParams,
  body: LinkLogoUploadRequestSchema,
  response: LinkLogoUploadSchema,
});

export const setLinkLogo = defineRoute({
  name: 'setLinkLogo',
  domain: 'links',
  method: 'PUT',
  path: '/v1/shorten-urls/{id}/logo',
  auth: 'registered',
  ability: { action: 'put', subject: 'url' },
  params: LinkParams,
  body: LinkLogoSchema,
  response: LinkSchema,
});

/** DELETE …/{id}/logo: the link has no logo any more (one without stays so). */
export const deleteLinkLogo = defineRoute({
  name: 'deleteLinkLogo',
  domain: 'links',
  method: 'DELETE',
  path: '/v1/shorten-urls/{id}/logo',
  auth: 'registered',
  ability: { action: 'put', subject: 'url' },
  params: LinkParams,
  response: LinkSchema,
});

export const linkRoutes: RouteContract[] = [
  createLink,
  listSphereLinks,
  listSessionLinks,
  getLink,
  updateLink,
  deleteLink,
  getLinkCampaign,
  requestLinkLogoUpload,
  setLinkLogo,
  deleteLinkLogo,
];
