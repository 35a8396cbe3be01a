/** The spheres domain as the registry (functions/domains.ts) reads it. */
import { sphereRoutes } from '@shared/contracts/spheres';
import { tagRoutes } from '@shared/contracts/tags';
import { accessCodeRoutes } from '@shared/contracts/access-codes';
import { sphereContextRoutes } from '@shared/contracts/sphere-contexts';
import { licenceRoutes } from '@shared/contracts/licences';
import { entitlementRoutes } from '@shared/contracts/entitlements';
import { defineDomain, eraseInBatches } from '../lib/domain';
import { sphereNameScope } from '@shared/domain/spheres';
import { findSpheres, membershipsOf, namesInScope, releaseSphere, removeMembers } from './repository';
import { SPHERES_ENTITIES } from './store';
import { getAccessCodes, removeAccessCodes } from './access-codes';
import { SPHERE_ASSET_PREFIXES } from './logo';

export const spheresDomain = defineDomain({
  name: 'spheres',
  routes: [
    ...sphereRoutes,
    ...tagRoutes,
    ...accessCodeRoutes,
    ...sphereContextRoutes,
    ...licenceRoutes,
    ...entitlementRoutes,
  ],
  entities: SPHERES_ENTITIES,
  belongings: [
    {
      name: 'memberships',
      covers: ['member'],
      csv: 'memberships.csv',
      describe: {
        fr: 'les sphères dont vous êtes membre : votre nom et votre adresse pour elles, vos rôles, votre formule, votre premier jour de travail, vos étiquettes',
        en: 'the spheres you are a member of: your name and address there, your roles, plan, first day of work and tags',
        nl: 'de sferen waarvan je lid bent: je naam en adres daar, je rollen, formule, eerste werkdag en labels',
      },
      // The sphere keeps no personal data of a person who left the product; the feelings they
      // shared stay in its figures, anonymous.
      onLeave: 'erase',
      async gather(owner) {
        const members = await membershipsOf(owner.userId);
        return {
          records: members.map((m) => ({
            sphereId: m.sphereId,
            memberId: m.memberId,
            name: m.name,
            email: m.email,
            roles: [...m.roles].join(' '),
            active: m.active,
            inactiveReason: m.inactiveReason,
            subscription: m.subscription,
            firstDayOfWork: m.firstDayOfWork,
            tagIds: (m.tagIds ?? []).join(' '),
            lowSecurityAccessEnabled: m.lowSecurityAccessEnabled ?? false,
            autoTagIds: (m.autoTagIds ?? []).join(' '),
            createdAt: m.createdAt,
          })),
          leave: () => eraseInBatches(removeMembers, members),
        };
      },
    },
    {
      name: 'accessCodes',
      covers: [],
      csv: 'access-codes.csv',
      describe: {
        fr: 'vos codes d’accès aux sphères (leurs deux derniers caractères : les codes ne sont jamais conservés en clair)',
        en: 'your access codes to spheres (their last two characters: the codes are never stored in clear)',
        nl: 'je toegangscodes voor sferen (hun laatste twee tekens: de codes worden nooit leesbaar bewaard)',
      },
      onLeave: 'erase',
      async gather(owner) {
        const members = await membershipsOf(owner.userId);
        const held = await Promise.all(
          members.map(async (m) => ({
            member: m,
            codes: (await getAccessCodes(m.sphereId, m.memberId)).items,
          })),
        );
        return {
          records: held.flatMap(({ member, codes }) =>
            codes.map((c) => ({ sphereId: member.sphereId, hint: c.hint, createdAt: c.createdAt })),
          ),
          leave: async () => {
            for (const { member } of held) await removeAccessCodes(member);
          },
        };
      },
    },
    {
      name: 'createdSpheres',
      covers: [],
      csv: 'created-spheres.csv',
      describe: {
        fr: 'les sphères que vous avez créées ; elles restent à leurs membres quand vous partez, sans plus vous nommer',
        en: 'the spheres you created; they stay with their members when you leave, no longer naming you',
        nl: 'de sferen die je aanmaakte; ze blijven bij hun leden als je vertrekt, zonder je nog te noemen',
      },
      onLeave: 'anonymise',
      async gather(owner) {
        const names = await namesInScope(sphereNameScope({ ownerId: owner.userId }));
        const spheres = await findSpheres(names.map((n) => n.sphereId));
        return {
          records: spheres.map((s) => ({ sphereId: s.sphereId, name: s.name, createdAt: s.createdAt })),
          leave: async () => {
            for (const name of names) await releaseSphere(name);
          },
        };
      },
    },
  ],
  // Creating a sphere tells the creator's tabs (realtime `spheres`, `ability`). Logos: the uploads
  // it signs for admins, checked, copied to where browsers load them, and deleted (./logo.ts).
  grants: {
    // A waiting member who signs in with an access code before having an account becomes a guest
    // of their own: a pool identity created (and removed again if not kept; decision 0014).
    userPool: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser'],
    events: true,
    assets: { prefixes: SPHERE_ASSET_PREFIXES, actions: ['read', 'write', 'delete'] },
  },
});
