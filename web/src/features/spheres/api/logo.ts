import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  deleteSphereLogo,
  requestSphereLogoUpload,
  setSphereLogo,
  type Sphere,
} from '@shared/contracts/spheres';
import { callApi } from '../../../lib/api';
import { sendLogo } from '../../../lib/logo-file';
import { spheresKey } from './spheres';

/** The sphere with its new logo: shown at once, and the lists read again. */
async function logoChanged(queryClient: QueryClient, sphere: Sphere): Promise<void> {
  queryClient.setQueryData([...spheresKey, 'one', sphere.id], sphere);
  await queryClient.invalidateQueries({ queryKey: [...spheresKey, 'list'] });
}

/**
 * A new logo for the sphere: the server grants an upload for the file's type and size, the file goes
 * straight to the storage (with its progress), then the server checks it and makes it the logo.
 */
export function useUploadSphereLogo(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      sendLogo(
        file,
        onProgress,
        (body) => callApi(requestSphereLogoUpload, { params: { id: sphereId }, body }),
        (key) => callApi(setSphereLogo, { params: { id: sphereId }, body: { key } }),
      ),
    // The logo field says what failed in its own words.
    meta: { errorsShownInline: true },
    onSuccess: (sphere) => logoChanged(queryClient, sphere),
  });
}

export function useRemoveSphereLogo(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(deleteSphereLogo, { params: { id: sphereId } }),
    // The confirmation dialog shows the error.
    meta: { errorsShownInline: true },
    onSuccess: (sphere) => logoChanged(queryClient, sphere),
  });
}
