import { useEffect, useState } from 'react';
import * as z from 'zod';
import { appBuild } from './build-info';

/** How often the SPA asks whether a newer build is deployed (spec 01 §2, §9). */
export const VERSION_CHECK_INTERVAL_MS = 600_000;
export const VERSION_URL = '/version.json';

const VersionFileSchema = z.object({ version: z.string(), build: z.string() });

/**
 * Fetches /version.json every 10 minutes (never from a cache) and calls `onNewVersion` once when
 * its build differs from this one. A failed check is ignored: the next one may pass.
 */
export function startUpdateCheck({
  currentBuild,
  onNewVersion,
  fetchImpl = (input, init) => fetch(input, init),
}: {
  currentBuild: string;
  onNewVersion: (version: string) => void;
  fetchImpl?: typeof fetch;
}): () => void {
  let found = false;
  const check = async () => {
    if (found) return;
    try {
      const response = await fetchImpl(VERSION_URL, {
        cache: 'no-store',
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return;
      const parsed = VersionFileSchema.safeParse(await response.json());
      if (!parsed.success || parsed.data.build === currentBuild || found) return;
      found = true;
      clearInterval(timer);
      onNewVersion(parsed.data.version);
    } catch {
      // Offline or a deployment in progress: try again at the next tick.
    }
  };
  const timer = setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}

/** The version of a newer deployment once one is seen (built apps only; undefined otherwise). */
export function useNewVersion(): string | undefined {
  const [newVersion, setNewVersion] = useState<string>();
  useEffect(() => {
    const currentBuild = appBuild();
    if (!currentBuild) return undefined;
    return startUpdateCheck({ currentBuild, onNewVersion: setNewVersion });
  }, []);
  return newVersion;
}
