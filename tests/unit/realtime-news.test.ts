// @vitest-environment node
import { routeRealtime } from '../../src/entities/session/model/create-session';
import { watchBatchChanges, watchDeviceChanges, watchInvoiceChanges, watchVerificationChanges } from '../../src/shared/model';
import { newsChannel } from '../../src/shared/model/news';

/** News from the realtime channel, passed on inside the app to whoever follows it. */
describe('realtime news', () => {
  const deps = { notifications: { send: () => {} } as never, loginRequests: undefined };

  it('a channel reaches every watcher until it unsubscribes, with the news', () => {
    const channel = newsChannel<number>();
    const heard: string[] = [];
    const stopA = channel.watch((n) => heard.push(`a${n}`));
    channel.watch((n) => heard.push(`b${n}`));
    channel.publish(1);
    stopA();
    channel.publish(2);
    expect(heard).toEqual(['a1', 'b1', 'b2']);
  });

  it('device.linked reaches the device lists; verification, batch and invoice news their own followers only', () => {
    const heard: string[] = [];
    const stops = [
      watchDeviceChanges(() => heard.push('devices')),
      watchVerificationChanges(() => heard.push('verification')),
      watchBatchChanges((id) => heard.push(`batch ${id}`)),
      watchInvoiceChanges(() => heard.push('invoices')),
    ];
    routeRealtime({ type: 'device.linked', id: 'device-9', deviceId: 9 }, deps);
    routeRealtime({ type: 'verification.changed' }, deps);
    routeRealtime({ type: 'globalPayBatch', batchId: 7 }, deps);
    routeRealtime({ type: 'invoice.received', id: 'invoice-4-received', invoiceId: 4 }, deps);
    routeRealtime({ type: 'invoice.rejected', id: 'invoice-5-rejected', invoiceId: 5 }, deps);
    routeRealtime({ type: 'something.else' }, deps);
    for (const stop of stops) stop();
    routeRealtime({ type: 'device.linked' }, deps);
    routeRealtime({ type: 'invoice.received' }, deps);
    expect(heard).toEqual(['devices', 'verification', 'batch 7', 'invoices', 'invoices']);
  });
});
