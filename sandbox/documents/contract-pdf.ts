import { buildPdf } from './pdf.ts';
import type { RegulatedEntity } from './regulated-entity.ts';
import type { Contract } from '../contracts-store.ts';

/**
 * A smart contract's PDF (contracts.yaml contractPdfUrl), made when asked: the company whose revenue
 * is split, the sender (who pays) and the beneficiary with the percentage, the dates it runs, its
 * status, who initiated it and who has signed, the note, a termination under way or done, and the
 * brand's regulated-entity block at the foot. English, like the sandbox's other documents (a
 * document's text is data, not a message).
 */
export interface ContractPdfSpec {
  contract: Contract;
  /** When each side signed (ISO), or null. */
  signed: { sender: string | null; beneficiary: string | null };
  entity: RegulatedEntity;
  created: Date;
}

/** Words of a paragraph in lines of at most `width` characters (the PDF's lines are not wrapped for us). */
function wrap(paragraph: string, width = 95): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export function contractPdf(spec: ContractPdfSpec): Promise<Uint8Array> {
  const { contract, entity } = spec;
  const party = (p: Contract['sender']) => `${p.name} <${p.username}>`;
  const initiator = contract.initiatorId === contract.sender.id ? contract.sender : contract.beneficiary;
  const termination = contract.terminateInfo;
  const terminatedBy = termination ? (termination.terminatedBy === contract.sender.id ? contract.sender : contract.beneficiary) : null;
  const lines = [
    `Company: ${contract.company.title}`,
    `Sender (pays): ${party(contract.sender)}`,
    `Beneficiary (receives): ${party(contract.beneficiary)}`,
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
  const closing = [
    entity.name,
    ...(entity.address ? [entity.address] : []),
    ...(entity.licence ? wrap(entity.licence) : []),
    [entity.phone, entity.email, entity.web].filter(Boolean).join('  ·  '),
  ];
  return buildPdf({ title: `Revenue-split contract ${contract.id}`, lines, closing, created: spec.created });
}
