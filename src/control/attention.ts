// What needs a person, in the order it matters: the one state the overview, the tray icon
// and its tooltip show instead of "Up to date" while anything is wrong. Plain logic, shared
// by the control API (which computes it) and the tray (which shows it).

export type AttentionKind = 'diskFull' | 'unreachable' | 'missing' | 'failed' | 'review' | 'paused';

export interface AttentionItem {
  kind: AttentionKind;
  /** Files (failed, waiting for the service, to review) or folders (missing, paused); 1 for a full disk. */
  count: number;
  /** Where the UI lists them. */
  href: string;
}

export interface Attention {
  /** The most urgent kind, or `ok` when nothing needs anyone. */
  state: AttentionKind | 'ok';
  items: AttentionItem[];
}

export interface AttentionInput {
  diskFull: boolean;
  /** Files waiting because the service cannot be reached (network, timeouts, 5xx). */
  unreachable: number;
  missingFolders: number;
  failed: number;
  /** Documents whose review state is `needs review`; null while nothing records review states. */
  toReview: number | null;
  /** Paused folders; all of them when everything is paused. */
  pausedFolders: number;
}

const ORDER: AttentionKind[] = ['diskFull', 'unreachable', 'missing', 'failed', 'review', 'paused'];

const HREF: Record<AttentionKind, string> = {
  diskFull: '#/',
  unreachable: '#/activity?status=uploading',
  missing: '#/folders',
  failed: '#/activity?status=failed',
  review: '#/review',
  paused: '#/folders',
};

export function attentionOf(input: AttentionInput): Attention {
  const counts: Record<AttentionKind, number> = {
    diskFull: input.diskFull ? 1 : 0,
    unreachable: input.unreachable,
    missing: input.missingFolders,
    failed: input.failed,
    review: input.toReview ?? 0,
    paused: input.pausedFolders,
  };
  const items = ORDER.filter((k) => counts[k] > 0).map((kind) => ({ kind, count: counts[kind], href: HREF[kind] }));
  return { state: items[0]?.kind ?? 'ok', items };
}

/** Error codes of a file that waits because the service is not reachable (not the file's fault). */
