import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
  NullableBigIntColumn,
  UpdatedAt,
} from './column-types.js';

/** Banners, announcements, help articles and feedback. */

export interface ContentBannersTable {
  id: IdColumn;
  merchant_code: string;
  language: string;
  group_name: string;
  title: string;
  image_url: string;
  linkage_type: 'url' | 'external' | null;
  link: string | null;
  sort: Generated<number>;
  active_from: Date | null;
  active_until: Date | null;
  enabled: Generated<boolean>;
  updated_at: UpdatedAt;
  created_at: CreatedAt;
}

export interface ContentAnnouncementsTable {
  id: IdColumn;
  merchant_code: string;
  language: string;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  title: string;
  content_html: string;
  popup: Generated<boolean>;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
  enabled: Generated<boolean>;
  updated_at: UpdatedAt;
  ends_at: Date | null;
  created_at: CreatedAt;
  /** `all`, or `agents`: only the agent centre lists it (issue 18). */
  audience: Generated<'all' | 'agents'>;
}

export interface ContentHelpArticlesTable {
  id: IdColumn;
  merchant_code: string;
  language: string;
  tag: string;
  title: string;
  content_html: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  updated_at: UpdatedAt;
  created_at: CreatedAt;
}

export interface MemberFeedbackTable {
  id: IdColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  content: string;
  created_at: CreatedAt;
}

/** An announcement the member has opened (the unread count leaves it out). */
export interface MemberAnnouncementReadsTable {
  merchant_code: ChildMerchantCode;
  member_id: BigIntColumn;
  announcement_id: BigIntColumn;
  read_at: CreatedAt;
}

/** An uploaded banner image, re-encoded; served by id under `/content/images/`. */
export interface ContentImagesTable {
  id: string;
  merchant_code: string;
  kind: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
  bytes: Buffer;
  created_by: NullableBigIntColumn;
  created_at: CreatedAt;
}
