import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EXPORT_MEDIA_TYPE,
  exportFileName,
  exportMyData,
  leaveProduct,
} from '../../../../../shared/contracts/account';
import { HEADER_LANGUAGE, HEADER_SOURCE, HEADER_SUPER_ADMIN } from '../../../../../shared/contracts/headers';
import { fillPath, type RouteContract } from '../../../../../shared/contracts/route';
import { currentLanguage } from '../../../i18n';
import { SUPER_ADMIN_STORAGE_KEY, callApi } from '../../../lib/api';
import { endSession, getAccessToken } from '../../../lib/auth';
import { getConfig } from '../../../lib/config';
import { ApiError, NETWORK_ERROR_KEY, errorsFromBody } from '../../../lib/errors';

/** The file name the server gives in `content-disposition`, if it gives one. */
export function attachmentName(header: string | null): string | undefined {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '');
  return match?.[1];
}

function superAdminMode(): boolean {
  try {
    return window.localStorage.getItem(SUPER_ADMIN_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Fetches a route that answers a file, with the same headers and token as `callApi` (which parses
 * JSON). `accept` names the media type, so API Gateway sends the bytes rather than base64.
 */
export async function downloadBlob(
  route: RouteContract,
  accept: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const headers: Record<string, string> = {
    accept,
    [HEADER_LANGUAGE]: currentLanguage(),
    [HEADER_SOURCE]: 'web',
  };
  if (superAdminMode()) headers[HEADER_SUPER_ADMIN] = 'true';
  const token = await getAccessToken();
  if (!token) throw new ApiError(401, [{ key: 'unauthorized' }]);
  headers.authorization = token;
  let response: Response;
  try {
    response = await fetch(getConfig().apiUrl + fillPath(route.path, {}), {
      method: route.method,
      headers,
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, [{ key: NETWORK_ERROR_KEY }], { cause });
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the status decides the key.
    }
    throw new ApiError(response.status, errorsFromBody(response.status, body));
  }
  return {
    blob: await response.blob(),
    fileName: attachmentName(response.headers.get('content-disposition')),
  };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has the URL.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Download my data": fetches the archive and saves it. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await downloadBlob(exportMyData, EXPORT_MEDIA_TYPE);
      const name = fileName ?? exportFileName(new Date());
      saveBlob(blob, name);
      return name;
    },
  });
}

/** "Leave the product": erases the account, then ends the session on this browser. */
export function useLeaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmation: string) => {
      await callApi(leaveProduct, { body: { confirmation } });
      await endSession();
      queryClient.clear();
    },
  });
}
