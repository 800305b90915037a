import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
  Json,
  NullableBigIntColumn,
  UpdatedAt,
} from './column-types.js';

/** Platform messages (module messages) and the chat room (module chat-room). */

/** Texts of a message per language code (`EN`, `VI`, ...). */
export type TextsByLanguage = Record<string, string>;

export interface PlatformMessagesTable {
  id: IdColumn;
  merchant_code: string;
  audience: 'member' | 'label' | 'rank' | 'all';
  member_id: NullableBigIntColumn;
  label_id: NullableBigIntColumn;
  min_rank: number | null;
  kind: 'operator' | 'system';
  source_key: string | null;
  titles: Json<TextsByLanguage>;
  contents: Json<TextsByLanguage>;
  sent_by: NullableBigIntColumn;
  sent_at: CreatedAt;
  withdrawn_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface PlatformMessageStatesTable {
  merchant_code: ChildMerchantCode;
  member_id: BigIntColumn;
  message_id: BigIntColumn;
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ChatRoomsTable {
  merchant_code: string;
  open: Generated<boolean>;
  name_mask: Generated<'none' | 'partial' | 'hidden'>;
  link_hosts: Generated<string[]>;
  updated_at: UpdatedAt;
}

export interface ChatMessagesTable {
  id: IdColumn;
  merchant_code: string;
  member_id: NullableBigIntColumn;
  author_name: string;
  rank_label: string | null;
  house: Generated<boolean>;
  body: string;
  posted_by: NullableBigIntColumn;
  created_at: CreatedAt;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deleted_by: NullableBigIntColumn;
}

export interface ChatMutesTable {
  merchant_code: string;
  member_id: BigIntColumn;
  muted_until: ColumnType<Date, Date | string, Date | string>;
  reason: string | null;
  muted_by: BigIntColumn;
  created_at: CreatedAt;
}
