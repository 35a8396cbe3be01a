import {
  createLink,
  deleteLink,
  deleteLinkLogo,
  getLink,
  getLinkCampaign,
  listSessionLinks,
  listSphereLinks,
  requestLinkLogoUpload,
  setLinkLogo,
  updateLink,
} from '@shared/contracts/links';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { isCampaignOfSphere } from '../campaigns';
import { formsEntitledTo } from '../forms';
import * as logo from './logo';
import * as service from './service';

const page = (query: { _max: number; _offset: number }) => ({ max: query._max, offset: query._offset });

/** What a link's body names of other domains, checked by their faces. */
const checks: service.LinkChecks = { isCampaignOfSphere, formsEntitledTo };

export const handler = createHttpHandler(
  [
    route(createLink, ({ body }) => service.createLink(body, checks)),
    route(listSphereLinks, ({ params, query }) =>
      service.listLinks({ place: 'sphere', placeId: params.sphereId }, page(query)),
    ),
    route(listSessionLinks, ({ params, query }) =>
      service.listLinks({ place: 'session', placeId: params.sessionId }, page(query)),
    ),
    route(getLink, ({ caller, headers, params }) =>
      service.getLink({ userId: caller.userId, superAdminMode: headers.superAdmin }, params.id),
    ),
    route(updateLink, ({ ability, params, body }) => service.updateLink(ability, params.id, body, checks)),
    route(deleteLink, ({ ability, params }) => service.deleteLink(ability, params.id)),
    route(getLinkCampaign, ({ params }) => service.linkCampaign(params.id)),
    route(requestLinkLogoUpload, ({ ability, params, body }) =>
      logo.requestLogoUpload(ability, params.id, body),
    ),
    route(setLinkLogo, ({ ability, params, body }) => logo.confirmLogo(ability, params.id, body.key)),
    route(deleteLinkLogo, ({ ability, params }) => logo.removeLogo(ability, params.id)),
  ],
  callerAccounts,
);
