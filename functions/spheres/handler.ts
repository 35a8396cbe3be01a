import {
  createMember,
  createMembersBulk,
  deleteSphereMember,
  createSphere,
  deleteSphereLogo,
  getSphere,
  getSphereJoinKey,
  joinSphere,
  leaveSphere,
  listSphereCategories,
  listSphereMembers,
  listSpheres,
  renewSphereJoinKey,
  requestSphereLogoUpload,
  setSphereLogo,
  updateSphere,
  updateSphereMember,
} from '@shared/contracts/spheres';
import {
  createSphereTag,
  getSphereTag,
  initializeSphereTags,
  listSphereTags,
  listTagSelections,
  saveTagSelection,
  sphereReportGroups,
  sphereTagFacets,
  updateSphereTag,
} from '@shared/contracts/tags';
import {
  createSphereContext,
  deleteSphereContext,
  getSphereContext,
  listSphereContexts,
  updateSphereContext,
} from '@shared/contracts/sphere-contexts';
import { sourceIpOf } from '../lib/caller';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts, actsAsSuperAdmin } from '../access';
import { inheritedGalaxyContext } from '../galaxies';
import {
  getSphereLicenceReport,
  getSphereLicences,
  setSphereLicence,
  setSphereLicenceMode,
} from '@shared/contracts/licences';
import { updateSphereEntitlements } from '@shared/contracts/entitlements';
import * as licences from './licences';
import * as entitlements from './entitlements';
import * as service from './service';
import * as tags from './tags';
import * as accessCodes from './access-codes';
import * as contexts from './contexts';
import * as logo from './logo';
import {
  accessSignIn,
  deleteMemberAccessCodes,
  getAccessSignIn,
  getMemberAccessCodes,
  updateMemberAccessCodes,
} from '@shared/contracts/access-codes';

export const handler = createHttpHandler(
  [
    route(listSpheres, async ({ caller, query, headers }) =>
      service.listSpheres(
        caller.userId,
        { scope: query.scope, q: query.q, max: query._max, offset: query._offset },
        query.scope === 'all' && (await actsAsSuperAdmin(caller.userId, headers.superAdmin)),
      ),
    ),
    route(createSphere, ({ caller, body }) => service.createSphere(caller.userId, body)),
    route(getSphere, ({ caller, params }) => service.getSphere(caller.userId, params.id)),
    route(updateSphere, ({ caller, params, body }) => service.updateSphere(caller.userId, params.id, body)),
    route(listSphereCategories, async ({ query, headers }) =>
      service.listCategories(headers.language, query._max, query._offset),
    ),
    route(joinSphere, ({ caller, params, body }) => service.joinSphere(caller.userId, params.id, body)),
    route(getSphereJoinKey, ({ params }) => service.joinKey(params.id, false)),
    route(renewSphereJoinKey, ({ params }) => service.joinKey(params.id, true)),
    route(listSphereMembers, ({ params, query }) =>
      service.listMembers(params.id, {
        q: query.q,
        active: query.active,
        max: query._max,
        offset: query._offset,
      }),
    ),
    route(leaveSphere, ({ caller, params }) => service.leaveSphere(caller.userId, params.id)),
    route(updateSphereMember, ({ params, body }) => service.updateMember(params.id, params.memberId, body)),
    route(createMember, ({ body }) => service.createMember(body)),
    route(createMembersBulk, ({ body }) => service.createMembersBulk(body)),
    route(deleteSphereMember, ({ params }) => service.deleteMember(params.id, params.memberId)),
    route(requestSphereLogoUpload, ({ params, body }) => logo.requestLogoUpload(params.id, body)),
    route(setSphereLogo, ({ caller, params, body }) => logo.confirmLogo(caller.userId, params.id, body.key)),
    route(deleteSphereLogo, ({ caller, params }) => logo.removeLogo(caller.userId, params.id)),
    route(listSphereTags, ({ params, query }) =>
      tags.listTags(params.id, {
        archived: query.archived,
        modules: query.modules,
        max: query._max,
        offset: query._offset,
      }),
    ),
    route(createSphereTag, ({ params, body }) => tags.createTag(params.id, body)),
    route(getSphereTag, ({ params }) => tags.getTag(params.id, params.tagId)),
    route(updateSphereTag, ({ params, body }) => tags.updateTag(params.id, params.tagId, body)),
    route(sphereTagFacets, ({ params }) => tags.tagFacets(params.id)),
    route(initializeSphereTags, ({ params }) => tags.initializeTags(params.id)),
    route(listTagSelections, ({ params }) => tags.listSelections(params.id)),
    route(saveTagSelection, ({ params, body }) => tags.saveSelection(params.id, body)),
    route(sphereReportGroups, ({ params, query, headers }) =>
      tags.reportGroups(params.id, query.with, headers.language),
    ),
    route(listSphereContexts, ({ params, query }) =>
      contexts.listContexts(
        params.id,
        { active: query.active, max: query._max, offset: query._offset },
        inheritedGalaxyContext,
      ),
    ),
    route(getSphereLicences, ({ params }) => licences.sphereLicences(params.id)),
    route(getSphereLicenceReport, ({ params, query }) => licences.licenceReport(params.id, query)),
    route(setSphereLicence, ({ caller, params, body }) =>
      licences.setLicence(caller.userId, params.id, params.subscription, body.quantity),
    ),
    route(setSphereLicenceMode, async ({ caller, params, body, headers }) =>
      licences.setLicenceMode(
        caller.userId,
        params.id,
        body.mode,
        await actsAsSuperAdmin(caller.userId, headers.superAdmin),
      ),
    ),
    route(updateSphereEntitlements, ({ caller, params, body }) =>
      entitlements.setEntitlements(caller.userId, params.id, body),
    ),
    route(createSphereContext, ({ params, body }) => contexts.createContext(params.id, body)),
    route(getSphereContext, ({ params }) => contexts.getContext(params.id, params.contextId)),
    route(updateSphereContext, ({ params, body }) =>
      contexts.updateContext(params.id, params.contextId, body),
    ),
    route(deleteSphereContext, ({ params }) => contexts.deleteContext(params.id, params.contextId)),
    route(getMemberAccessCodes, ({ params }) => accessCodes.getAccessCodes(params.id, params.memberId)),
    route(updateMemberAccessCodes, ({ params, body }) =>
      accessCodes.updateAccessCodes(params.id, params.memberId, body),
    ),
    route(deleteMemberAccessCodes, ({ params }) => accessCodes.deleteAccessCodes(params.id, params.memberId)),
    route(getAccessSignIn, ({ params }) => accessCodes.accessSignInPage(params.id)),
    route(accessSignIn, ({ params, body, headers, event }) =>
      accessCodes.accessSignIn(params.id, body, headers.language, sourceIpOf(event)),
    ),
  ],
  callerAccounts,
);
