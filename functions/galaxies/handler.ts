import {
  addGalaxyMember,
  attachGalaxySphere,
  createGalaxy,
  decideQuotaRequest,
  deleteGalaxy,
  deleteGalaxyContext,
  deleteQuotaRequest,
  detachGalaxySphere,
  getGalaxy,
  getGalaxyContext,
  getGalaxyReport,
  listGalaxies,
  listGalaxyMembers,
  listGalaxyQuotaRequests,
  listGalaxyQuotas,
  listGalaxySpheres,
  listPendingQuotaRequests,
  putGalaxyContext,
  removeGalaxyMember,
  requestQuotaChange,
  setGalaxyQuota,
  updateGalaxy,
  updateGalaxyMember,
} from '@shared/contracts/galaxies';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { campaignGalaxyUsage } from '../campaigns';
import { sessionGalaxyUsage } from '../sessions';
import { findSpheres, membersOf, sphereGalaxyUsage } from '../spheres';
import { attachSphere, detachSphere, type UsageOf } from './placement';
import * as service from './service';

/** What a sphere holds of every counted kind, from the domains that count them. */
const usageOf: UsageOf = async (sphereId) => {
  const [spheres, sessions, campaigns] = await Promise.all([
    sphereGalaxyUsage(sphereId),
    sessionGalaxyUsage(sphereId),
    campaignGalaxyUsage(sphereId),
  ]);
  return { ...spheres, ...sessions, ...campaigns };
};

/** The spheres of a galaxy as its pages show them: identity, members and usage. */
const describe: service.DescribeSpheres = async (sphereIds) => {
  const spheres = await findSpheres(sphereIds);
  return Promise.all(
    spheres.map(async (sphere) => {
      const [members, usage] = await Promise.all([membersOf(sphere.sphereId), usageOf(sphere.sphereId)]);
      return {
        id: sphere.sphereId,
        name: sphere.name,
        shortName: sphere.shortName,
        category: sphere.category,
        members: members.length,
        activeMembers: members.filter((m) => m.active).length,
        usage,
      };
    }),
  );
};

export const handler = createHttpHandler(
  [
    route(listGalaxies, ({ query }) =>
      service.listGalaxies({ max: query._max, offset: query._offset, q: query.q }),
    ),
    route(createGalaxy, ({ body }) => service.createGalaxy(body)),
    route(getGalaxy, ({ params }) => service.getGalaxy(params.id)),
    route(updateGalaxy, ({ params, body }) => service.updateGalaxy(params.id, body)),
    route(deleteGalaxy, ({ params }) => service.deleteGalaxy(params.id)),
    route(listGalaxyMembers, ({ params }) => service.listMembers(params.id)),
    route(addGalaxyMember, ({ params, body }) => service.addMember(params.id, body)),
    route(updateGalaxyMember, ({ params, body }) => service.updateMember(params.id, params.memberId, body)),
    route(removeGalaxyMember, ({ params }) => service.removeMember(params.id, params.memberId)),
    route(listGalaxySpheres, ({ params }) => service.listSpheres(params.id, describe)),
    route(attachGalaxySphere, ({ params }) => attachSphere(params.id, params.sphereId, usageOf)),
    route(detachGalaxySphere, ({ params }) => detachSphere(params.id, params.sphereId, usageOf)),
    route(listGalaxyQuotas, ({ params }) => service.listQuotas(params.id)),
    route(setGalaxyQuota, ({ params, body }) => service.setQuota(params.id, params.kind, body.value)),
    route(requestQuotaChange, ({ caller, params, body }) =>
      service.requestChange(caller.userId, params.id, body),
    ),
    route(listGalaxyQuotaRequests, ({ params }) => service.listRequests(params.id)),
    route(deleteQuotaRequest, ({ params }) => service.deleteRequest(params.id, params.requestId)),
    route(decideQuotaRequest, ({ caller, params, body }) =>
      service.decide(caller.userId, params.id, params.requestId, body),
    ),
    route(listPendingQuotaRequests, () => service.listPending()),
    route(getGalaxyContext, ({ params }) => service.getContext(params.id)),
    route(putGalaxyContext, ({ params, body }) => service.putContext(params.id, body)),
    route(deleteGalaxyContext, ({ params }) => service.deleteContext(params.id)),
    route(getGalaxyReport, ({ params }) => service.report(params.id, describe)),
  ],
  callerAccounts,
);
