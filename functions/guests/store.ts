import { defineStore } from '../lib/db';
import { GuestEntity } from './entities/guest';
import { GuestKeyEntity } from './entities/guest-key';

export const GUESTS_ENTITIES = {
  guest: GuestEntity,
  guestKey: GuestKeyEntity,
};

export const guestsDb = defineStore(GUESTS_ENTITIES);
