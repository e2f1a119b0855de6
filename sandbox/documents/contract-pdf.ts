import { buildPdf, wrap, wrapLong } from './pdf.ts';
import type { RegulatedEntity } from './regulated-entity.ts';
import { entityBlockLines } from '../../machines/shared/entity-block.rules.ts';
import type { Contract } from '../contracts-store.ts';

/**
 * A smart contract's PDF (contracts.yaml contractPdfUrl), made when asked: the company whose revenue
 * is split, the sender (who pays) and the beneficiary with the percentage, who signs for each and
 * what each undertakes (its obligations, as a table), the dates it runs, its status, who initiated
 * it and who has signed, the note, a termination under way or done, and the brand's
 * regulated-entity block at the foot. English, like the sandbox's other documents (a
 * document's text is data, not a message).
 */
export interface ContractPdfSpec {
  contract: Contract;
  /** When each side signed (ISO), or null. */
  signed: { sender: string | null; beneficiary: string | null };
  /** Who signs for each side and each side's obligations (none kept: left out). */
  terms?: { senderSigner: string | null; beneficiarySigner: string | null; senderObligations: readonly string[]; beneficiaryObligations: readonly string[] };
  entity: RegulatedEntity;
  created: Date;
}

const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export function contractPdf(spec: ContractPdfSpec): Promise<Uint8Array> {
  const { contract, entity } = spec;
  const party = (p: Contract['sender']) => `${p.name} <${p.username}>`;
  const initiator = contract.initiatorId === contract.sender.id ? contract.sender : contract.beneficiary;
  const termination = contract.terminateInfo;
  const terminatedBy = termination ? (termination.terminatedBy === contract.sender.id ? contract.sender : contract.beneficiary) : null;
  const terms = spec.terms;
  const signer = (name: string | null | undefined) => (name ? [`  Signs for it: ${name}`] : []);
  // The obligations are a table (it runs over as many pages as it needs: up to 20 a side of 500
  // characters), each wrapped over rows, the side named on its first.
  const obligations = (side: string, list: readonly string[] | undefined): string[][] =>
    (list ?? []).flatMap((item, i) => wrap(`${i + 1}. ${item}`, 85).map((line, j) => [i === 0 && j === 0 ? side : '', j === 0 ? line : `    ${line}`]));
  const rows = [...obligations('Sender', terms?.senderObligations), ...obligations('Beneficiary', terms?.beneficiaryObligations)];
  const lines = [
    `Company: ${contract.company.title}`,
    `Sender (pays): ${party(contract.sender)}`,
    ...signer(terms?.senderSigner),
    `Beneficiary (receives): ${party(contract.beneficiary)}`,
    ...signer(terms?.beneficiarySigner),
    `Share: ${contract.percentage} % of the company's revenue to the beneficiary`,
    '',
    `Runs from ${contract.activeFrom}${contract.activeTo ? ` to ${contract.activeTo} (both included)` : ' until it is ended'}`,
    `Status: ${contract.status} (updated ${when(contract.updatedAt)})`,
    `Initiated by ${initiator.name} on ${when(contract.createdAt)}`,
    `Signed by the sender: ${spec.signed.sender ? when(spec.signed.sender) : 'not yet'}`,
    `Signed by the beneficiary: ${spec.signed.beneficiary ? when(spec.signed.beneficiary) : 'not yet'}`,
    ...(contract.note ? ['', ...wrap(`Note: ${contract.note}`)] : []),
    ...(termination && terminatedBy
      ? ['', `Termination asked by ${terminatedBy.name}, taking effect ${when(termination.terminatedAt)}`, ...wrap(`Reason: ${termination.note}`)]
      : []),
  ];
  const closing = entityBlockLines(entity, 'en').flatMap((line) => wrapLong(line));
  const table = rows.length > 0 ? { columns: [{ title: 'Obligations of', width: 90 }, { title: 'Obligation', width: 425 }], rows } : undefined;
  return buildPdf({ title: `Revenue-split contract ${contract.id}`, lines, ...(table ? { table } : {}), closing, created: spec.created });
}
