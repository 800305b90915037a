import type { ReactNode } from 'react';
import { FilledIcon, Icon, type IconProps } from '../../components/icons';

/** The bars' and footer's icons: a size smaller than the default; every control that shows one carries a label. */
const LAYOUT_ICON_SIZE = 18;

const Stroke = ({ size = LAYOUT_ICON_SIZE, ...props }: IconProps & { children: ReactNode }) => (
  <Icon size={size} {...props} />
);
const Filled = ({ size = LAYOUT_ICON_SIZE, ...props }: IconProps & { children: ReactNode }) => (
  <FilledIcon size={size} {...props} />
);

export const GiftIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7S10.5 3 8 3.5 7.5 7 12 7zM12 7s1.5-4 4-3.5S16.5 7 12 7z" />
  </Stroke>
);
export const HeadsetIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM20 14h-3v5h3zM17 19a4 3 0 0 1-4 2h-1" />
  </Stroke>
);
export const ChatIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8.5 12h.01M12 12h.01M15.5 12h.01" />
  </Stroke>
);
export const MegaphoneIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M3 10v4h3l6 4V6L6 10zM16 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
  </Stroke>
);
export const MailIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M3 6h18v12H3zM3 7l9 6 9-6" />
  </Stroke>
);
export const HelpIcon = (props: IconProps) => (
  <Stroke {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.6 9.2a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.5M12 17h.01" />
  </Stroke>
);
export const PhoneDownloadIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM12 7v7M9 11l3 3 3-3M10 19h4" />
  </Stroke>
);
export const ArrowUpIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Stroke>
);
export const ChevronsLeftIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M11 17l-5-5 5-5M18 17l-5-5 5-5" />
  </Stroke>
);
export const BellIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </Stroke>
);

export const FacebookIcon = (props: IconProps) => (
  <Filled {...props}>
    <path d="M13.5 21v-7.5H16l.4-3H13.5V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z" />
  </Filled>
);
export const TelegramIcon = (props: IconProps) => (
  <Filled {...props}>
    <path d="M20.7 4.3 2.9 11.2c-1.2.5-1.2 1.2-.2 1.5l4.6 1.4 1.7 5.3c.2.6.4.8.9.8.4 0 .6-.2.8-.4l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.5c.3-1.3-.5-1.8-1.4-1.5zM9 14.1l8.6-5.4c.4-.3.8-.1.5.2l-7.2 6.5-.3 3.1z" />
  </Filled>
);
export const TiktokIcon = (props: IconProps) => (
  <Filled {...props}>
    <path d="M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.2v12.4a2.6 2.6 0 1 1-2.6-2.6c.3 0 .5 0 .8.1V9.6a5.8 5.8 0 1 0 5 5.8V9.1a7.4 7.4 0 0 0 4.3 1.4V7.3a4.3 4.3 0 0 1-3.2-1.5z" />
  </Filled>
);
export const XIcon = (props: IconProps) => (
  <Filled {...props}>
    <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
  </Filled>
);
export const InstagramIcon = (props: IconProps) => (
  <Stroke {...props}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </Stroke>
);
export const YoutubeIcon = (props: IconProps) => (
  <Filled {...props}>
    <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.7 19 12 19 12 19s6.3 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z" />
  </Filled>
);
/** The sports brand's mark: shown disabled (SPEC §2), the partnership has no page yet. */
export const SportsBrandIcon = (props: IconProps) => (
  <Stroke {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5l4 2.9-1.5 4.7h-5L8 10.4zM12 3v4.5M20.5 9.5l-4.5.9M17 19.5l-2.5-4.4M7 19.5l2.5-4.4M3.5 9.5l4.5.9" />
  </Stroke>
);
