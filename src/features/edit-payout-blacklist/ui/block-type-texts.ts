import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BlockType } from '@machines/settings/blacklist.rules';

/** What an entry blocks, in words (the list's column and the popup's choices). */
export const BLOCK_TYPE_TEXTS: Record<BlockType, MessageDescriptor> = {
  all: msg`All payouts`,
  p2p: msg`Peer-to-peer transfers`,
  mass: msg`Mass payouts`,
};
