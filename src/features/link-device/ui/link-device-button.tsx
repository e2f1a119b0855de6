import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { inspectOptions } from '@/shared/model';
import { Button, onDemandDialog } from '@/shared/ui';
import { linkDeviceLogic } from '../model/link-device-actors';

const LinkDevice = onDemandDialog(() => import(/* webpackChunkName: "link-device" */ './link-device-dialog').then((m) => m.LinkDeviceDialog));

export interface LinkDeviceButtonProps {
  /** Injectable for stories and tests (fake calls). */
  logic?: typeof linkDeviceLogic;
}

/**
 * "Link a new phone" (001 s3 popups "link new device"): opens the popup with the QR code the
 * mobile app scans and the store links by SMS. The statechart lives with the button, so closing
 * the popup stops its refresh timer and its calls; the popup's code loads when the browser is idle.
 */
export function LinkDeviceButton({ logic = linkDeviceLogic }: LinkDeviceButtonProps) {
  const { t } = useLingui();
  LinkDevice.usePreloadWhenIdle();
  const actor = useActorRef(logic, inspectOptions());
  const open = useSelector(actor, (s) => s.hasTag('open'));
  return (
    <>
      <Button aria-haspopup="dialog" onPointerEnter={LinkDevice.preload} onFocus={LinkDevice.preload} onPress={() => actor.send({ type: 'OPEN' })}>
        {t`Link a new phone`}
      </Button>
      {open ? <LinkDevice.Lazy actor={actor} /> : null}
    </>
  );
}
