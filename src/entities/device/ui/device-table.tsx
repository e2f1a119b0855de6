import { useLingui } from '@lingui/react/macro';
import { DataTable, DateText, type DataColumn } from '@/shared/ui';
import type { Device } from '../api/devices';

/**
 * A list of devices: name, type, location, last activity (spec 000 s3 Device), plus an
 * optional actions column. Server text (names, places) is rendered as text.
 */
export function DeviceTable({
  label,
  devices,
  empty,
  actions,
  extra = [],
}: {
  label: string;
  devices: readonly Device[];
  empty: React.ReactNode;
  actions?: (device: Device) => React.ReactNode;
  extra?: readonly DataColumn<Device>[];
}) {
  const { t } = useLingui();
  const columns: DataColumn<Device>[] = [
    { id: 'name', title: t`Device`, isRowHeader: true, render: (d) => d.name },
    { id: 'type', title: t`Platform`, render: (d) => (d.type === 'ios' ? 'iOS' : 'Android') },
    { id: 'location', title: t`Location`, render: (d) => d.location ?? t`Unknown` },
    { id: 'last', title: t`Last activity`, render: (d) => (d.lastActivityAt ? <DateText value={d.lastActivityAt} withTime /> : t`Never`) },
    ...extra,
    ...(actions ? [{ id: 'actions', title: t`Actions`, render: actions }] : []),
  ];
  return <DataTable label={label} columns={columns} rows={devices} empty={empty} />;
}
