import { fromPromise } from 'xstate';
import { addressEditMachine } from '@machines/verification/address-edit.machine';
import { taskMachine } from '@machines/shared/task.machine';
import { formFailureMessage } from '@machines/shared/ui-message';
import { checkAddressCompatibility, confirmAddress, deleteAddress, saveAddress } from '@/entities/verification';

/**
 * The address form with its real calls (spec 002 s7 address create and replace; 001 s7 address
 * replacement compatibility). Both throw a FormFailure, which the statechart puts on the form.
 */
export const addressEditLogic = addressEditMachine.provide({
  actors: {
    checkCompatibility: fromPromise(({ input }) => checkAddressCompatibility(input)),
    save: fromPromise(({ input }) => saveAddress(input)),
  },
});

/** A task's work: a refusal's message (a FormFailure's description, else its fields') thrown as a UiMessage. */
const asTask = async (work: () => Promise<unknown>): Promise<void> => {
  try {
    await work();
  } catch (error) {
    throw formFailureMessage(error);
  }
};

/** The customer says the address is theirs (confirmAddress, 002 s7). */
export const confirmAddressLogic = (addressId: number) =>
  taskMachine.provide({ actors: { run: fromPromise(() => asTask(() => confirmAddress(addressId))) } });

/** The address removed from the profile (addressDelete, 002 s7). */
export const deleteAddressLogic = (id: number) =>
  taskMachine.provide({ actors: { run: fromPromise(() => asTask(() => deleteAddress(id))) } });
