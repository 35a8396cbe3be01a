import { defineStore } from '../lib/db';
import { ShortUrlEntity } from './entities/short-url';

export const LINKS_ENTITIES = { shortUrl: ShortUrlEntity };

export const linksDb = defineStore(LINKS_ENTITIES);
