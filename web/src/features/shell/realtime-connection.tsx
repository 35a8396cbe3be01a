import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getIdToken, useIsSignedIn } from '../../lib/auth';
import { getConfig } from '../../lib/config';
import { createRealtimeClient, handOverChatEvent, queryKeysFor } from '../../lib/realtime';
import { meQueryKey } from '../../lib/me';

/**
 * While someone is signed in, keeps the realtime channel open and marks the queries an event
 * touches as stale (active ones refetch at once); the assistant's messages carried by `chat` events
 * go to the chat listeners (`onChatEvent`). Stops on sign-out. Renders nothing.
 */
export function RealtimeConnection() {
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const active = signedIn.data === true;

  useEffect(() => {
    if (!active) return undefined;
    const client = createRealtimeClient({
      url: getConfig().wsUrl,
      getToken: getIdToken,
      onEvent: (event) => {
        handOverChatEvent(event);
        for (const queryKey of queryKeysFor(event, meQueryKey))
          void queryClient.invalidateQueries({ queryKey });
      },
    });
    return () => client.stop();
  }, [active, queryClient]);

  return null;
}
