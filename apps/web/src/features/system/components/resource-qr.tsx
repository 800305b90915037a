import { Image, Skeleton } from '@mantine/core';
import { useResourceQr } from '../api/use-resource-qr';

/** SPEC §9: QR codes shown at 100 px in menus; the guide shows them larger. */
export const QR_DISPLAY_SIZE_PX = 160;

/**
 * The QR code of one of the merchant's resources, drawn by the server (`resourceQr`): the
 * encoder stays out of the site's JavaScript and only configured links can become a code.
 */
export function ResourceQr({
  resourceType,
  alt,
  size = QR_DISPLAY_SIZE_PX,
}: {
  resourceType: string;
  alt: string;
  size?: number;
}) {
  const { data } = useResourceQr(resourceType);
  if (!data) return <Skeleton width={size} height={size} radius="md" />;
  return (
    <Image
      src={data.image}
      alt={alt}
      w={size}
      h={size}
      radius="md"
      bg="white"
      style={{ imageRendering: 'pixelated' }}
    />
  );
}
