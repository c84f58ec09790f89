import dns from 'node:dns';
import net from 'node:net';
import { Agent } from 'undici';
import { validationFailed } from './errors.js';

// Callback addresses are chosen by clients, and the service POSTs to them: without a check a
// client could make the service call its own machine, the office network or a cloud metadata
// endpoint (issue 18). Addresses in these ranges are refused when a ticket is requested and
// again when the callback is sent (a name may resolve elsewhere by then: DNS rebinding).

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'reserved';

export interface CallbackPolicy {
  /** Loopback addresses, and http:// to them (tests, a service on the same desktop). */
  allowLoopback: boolean;
  /** Private ranges (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10): a team service on a LAN. */
  allowPrivate: boolean;
}

const RANGES: Array<[AddressKind, string, number, 'ipv4' | 'ipv6']> = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['private', '100.64.0.0', 10, 'ipv4'], // carrier-grade NAT, shared address space
  ['link-local', '169.254.0.0', 16, 'ipv4'], // includes the metadata address 169.254.169.254
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '224.0.0.0', 4, 'ipv4'], // multicast
  ['reserved', '240.0.0.0', 4, 'ipv4'], // reserved and broadcast
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['reserved', 'ff00::', 8, 'ipv6'], // multicast
];

const lists = new Map<AddressKind, net.BlockList>();
for (const [kind, address, prefix, family] of RANGES) {
  let list = lists.get(kind);
  if (!list) lists.set(kind, (list = new net.BlockList()));
  list.addSubnet(address, prefix, family);
}

/** What kind of address an IP literal is; an IPv4-mapped IPv6 address counts as its IPv4 address. */
export function classifyAddress(ip: string): AddressKind {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const family = net.isIPv4(bare) ? 'ipv4' : net.isIPv6(bare) ? 'ipv6' : undefined;
  if (!family) return 'reserved';
  const mapped = family === 'ipv6' ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1] : undefined;
  if (mapped) return classifyAddress(mapped);
  for (const [kind, list] of lists) if (list.check(bare, family)) return kind;
  return 'public';
}

export function allowedKind(kind: AddressKind, policy: CallbackPolicy): boolean {
  if (kind === 'public') return true;
  if (kind === 'loopback') return policy.allowLoopback;
  if (kind === 'private') return policy.allowPrivate;
  return false;
}

const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** Why an address is refused, or undefined when it may be called (names are checked again when sent). */
export function refusalOf(address: string, policy: CallbackPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'it is not a valid URL';
  }
  const host = url.hostname.toLowerCase();
  const literal = net.isIP(host.replace(/^\[|\]$/g, '')) !== 0;
  const kind: AddressKind = literal ? classifyAddress(host) : isLocalhostName(host) ? 'loopback' : 'public';
  if (url.username || url.password) return 'it must not carry credentials';
  if (url.protocol === 'http:' && !(kind === 'loopback' && policy.allowLoopback)) return 'it must be a valid HTTPS URL';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'it must be a valid HTTPS URL';
  if (!allowedKind(kind, policy)) return `it points at a ${kind} address, which this service does not call`;
  return undefined;
}

/** A 422 for a callback address the service will not call (spec 7: VALIDATION_FAILED). */
export function checkCallbackAddress(address: string, policy: CallbackPolicy, pointer = '/callbackURL'): void {
  const reason = refusalOf(address, policy);
  if (!reason) return;
  throw validationFailed(`Invalid callbackURL: ${reason}.`, [{ code: 'INVALID_URL', detail: `The callback address: ${reason}.`, pointer }]);
}

/** A refused resolved address: the callback is not sent (and not retried). */
export class CallbackAddressRefused extends Error {
  readonly code = 'CALLBACK_ADDRESS_REFUSED';
}

type Resolved = (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void;

/** Every address of a name, as the system resolves it (replaced in tests to play a rebinding name server). */
export function resolveAll(hostname: string, options: dns.LookupOptions, callback: Resolved): void {
  dns.lookup(hostname, { ...options, all: true }, callback);
}

/**
 * An HTTP agent whose connections go only to allowed addresses: every name is resolved here and
 * the connection uses the checked address, so a name cannot resolve to a public address when the
 * ticket is taken and to 127.0.0.1 when the callback is sent.
 */
export function guardedAgent(policy: CallbackPolicy, resolve: typeof resolveAll = resolveAll): Agent {
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    resolve(hostname, options, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const allowed = addresses.filter((a) => allowedKind(classifyAddress(a.address), policy));
      if (allowed.length === 0) {
        const kinds = [...new Set(addresses.map((a) => classifyAddress(a.address)))].join(', ');
        return callback(new CallbackAddressRefused(`${hostname} resolves to a ${kinds} address, which this service does not call`), '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
  return new Agent({ connect: { lookup } });
}
