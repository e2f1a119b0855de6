import { randomBytes } from 'node:crypto';
import type { AuthHandlerMap, HandlerReply } from '../handler-types.ts';
import type { Db } from '../db.ts';

/**
 * Devices (spec 000 s5, s7): the auth service's device registry (/auth/devices), the linked
 * devices of the device API (/device-api/device), approve methods, the auth profile. The create
 * rule (name, code, android|ios) is enforced by the contract before a handler runs; whether a code
 * is one the mobile app showed (6 digits here) is the handler's answer.
 */
interface DeviceRow {
  id: string;
  name: string;
  code: string;
  type: string;
  location: string | null;
  last_activity_at: string | null;
  push_token: string | null;
  linked: number;
  approved: number;
}

const toDevice = (r: DeviceRow) => ({
  id: r.id,
  name: r.name,
  code: r.code,
  type: r.type,
  location: r.location,
  lastActivityAt: r.last_activity_at,
  pushToken: r.push_token,
  approved: r.approved === 1,
});

export const APPROVE_METHODS = [
  { id: 'push', name: 'Push on a linked device' },
  { id: 'sms', name: 'SMS code' },
  { id: 'email', name: 'E-mail code' },
];

const notFound: HandlerReply = { status: 404, body: { message: 'Device not found' } };

function find(db: Db, customerId: number | null, id: string): DeviceRow | undefined {
  return db.prepare('SELECT * FROM devices WHERE id = ? AND customer_id = ?').get(id, customerId) as DeviceRow | undefined;
}

export const deviceHandlers: AuthHandlerMap = {
  authProfile({ db, customerId }) {
    const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string };
    const profile = JSON.parse(row.profile) as { scp?: string; type?: number };
    return { status: 200, body: { scp: profile.scp === 'push' ? 'push' : 'none', type: profile.type ?? 1 } };
  },

  listDevices({ db, customerId }) {
    const rows = db.prepare('SELECT * FROM devices WHERE customer_id = ? ORDER BY rowid').all(customerId) as unknown as DeviceRow[];
    return { status: 200, body: rows.map(toDevice) };
  },

  createDevice({ db, customerId, body, now }) {
    const name = body.name.trim();
    const code = body.code.trim();
    // The sandbox's mobile app shows 6-digit pairing codes; anything else is not one of them.
    if (!/^[0-9]{6}$/.test(code)) return { status: 400, body: { message: 'This pairing code is not valid. Check the code shown in the mobile app.' } };
    const duplicate = db.prepare('SELECT 1 FROM devices WHERE customer_id = ? AND code = ?').get(customerId, code);
    if (duplicate) return { status: 400, body: { message: 'A device with this pairing code is already registered' } };
    const id = `dev-${randomBytes(6).toString('hex')}`;
    db.prepare(
      'INSERT INTO devices (id, customer_id, name, code, type, location, last_activity_at, push_token, secret, linked, approved) VALUES (?, ?, ?, ?, ?, NULL, ?, NULL, NULL, 0, 0)',
    ).run(id, customerId, name, code, body.type, new Date(now()).toISOString());
    return { status: 200, body: toDevice(find(db, customerId, id)!) };
  },

  getDevice({ db, customerId, params }) {
    const row = find(db, customerId, params.deviceId);
    return row ? { status: 200, body: toDevice(row) } : notFound;
  },

  deleteDevice({ db, customerId, params }) {
    const changes = db.prepare('DELETE FROM devices WHERE id = ? AND customer_id = ?').run(params.deviceId, customerId).changes;
    return changes ? { status: 204 } : notFound;
  },

  listLinkedDevices({ db, customerId }) {
    const rows = db.prepare('SELECT * FROM devices WHERE customer_id = ? AND linked = 1 ORDER BY rowid').all(customerId) as unknown as DeviceRow[];
    return { status: 200, body: rows.map(toDevice) };
  },

  removeLinkedDevice({ db, customerId, params }) {
    const changes = db.prepare('UPDATE devices SET linked = 0 WHERE id = ? AND customer_id = ? AND linked = 1').run(params.id, customerId).changes;
    return changes ? { status: 204 } : notFound;
  },

  approveMethods() {
    return { status: 200, body: APPROVE_METHODS };
  },

  approveDevice({ db, customerId, params }) {
    const changes = db.prepare('UPDATE devices SET approved = 1 WHERE id = ? AND customer_id = ?').run(params.deviceId, customerId).changes;
    return changes ? { status: 204 } : notFound;
  },

  approveDeviceWithMethod({ db, customerId, params }) {
    if (!APPROVE_METHODS.some((m) => m.id === params.methodId)) return { status: 404, body: { message: 'Unknown approve method' } };
    const changes = db.prepare('UPDATE devices SET approved = 1 WHERE id = ? AND customer_id = ?').run(params.deviceId, customerId).changes;
    return changes ? { status: 204 } : notFound;
  },
};
