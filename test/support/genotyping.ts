// Removing variant sets a test made (an extract), with their variants, call rows and call sets, so that the
// genotyping data other tests count stays as the demo and their own imports left it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { cli } from './cli.js';
import { createRecords, server } from './server.js';

export async function removeVariantSets(ids: string[]): Promise<void> {
  if (!ids.length) return;
  await server().graph.write(
    `MATCH (vs:VariantSet) WHERE vs.variantSetDbId IN $ids
     OPTIONAL MATCH (x)-[:IN_VARIANT_SET]->(vs) OPTIONAL MATCH (x)-[:HAS_CALLS]->(r:CallRow)
     DETACH DELETE vs, x, r`,
    { ids },
  );
}

/** The DbIds of every variant set. */
export async function variantSetIds(): Promise<string[]> {
  const rows = await server().graph.read<{ id: string }>('MATCH (vs:VariantSet) RETURN vs.variantSetDbId AS id');
  return rows.map((r) => r.id);
}

/** A study of the demo's 2023 soybean trial for a test's own VCF imports (their samples are made in it). */
export async function genotypingStudy(studyName: string): Promise<string> {
  const [study] = await createRecords('studies', [{ studyName, trialDbId: 'trial-uniform-soybean-2023' }]);
  return study.studyDbId as string;
}

/**
 * Removes such a study with what its imports made: its variant sets (variants, call rows, call sets), its samples,
 * and the reference sets (with their references and their sequences) that no other variant set is on.
 */
export async function removeGenotypingStudy(studyDbId: string): Promise<void> {
  const sets = await server().graph.read<{ id: string; ref: string | null }>(
    'MATCH (vs:VariantSet)-[:IN_STUDY]->(:Study {studyDbId: $studyDbId}) RETURN vs.variantSetDbId AS id, head([(vs)-[:ON_REFERENCE_SET]->(r) | r.referenceSetDbId]) AS ref',
    { studyDbId },
  );
  await removeVariantSets(sets.map((s) => s.id));
  await server().graph.write(
    `UNWIND $refs AS ref
     MATCH (rs:ReferenceSet {referenceSetDbId: ref}) WHERE NOT EXISTS { (rs)<-[:ON_REFERENCE_SET]-(:VariantSet) }
     OPTIONAL MATCH (r:Reference)-[:IN_REFERENCE_SET]->(rs)
     OPTIONAL MATCH (r)-[:HAS_BLOCK]->(b:SequenceBlock)
     DETACH DELETE rs, r, b`,
    { refs: [...new Set(sets.map((s) => s.ref).filter((r): r is string => r !== null))] },
  );
  await server().graph.write(
    'MATCH (st:Study {studyDbId: $studyDbId}) OPTIONAL MATCH (s:Sample)-[:IN_STUDY]->(st) DETACH DELETE s, st',
    { studyDbId },
  );
}

/**
 * Imports a test's own VCF text as `npm run import-vcf` would (in the test process, from a temporary folder), into a
 * new study of its own (genotypingStudy), and returns that study's DbId.
 */
export async function importOwnVcf(studyName: string, vcf: string, variantSetDbId: string): Promise<string> {
  const study = await genotypingStudy(studyName);
  await importVcfInto(study, vcf, variantSetDbId);
  return study;
}

/** The same import into a study the test made (its columns may name the study's samples). */
export async function importVcfInto(studyDbId: string, vcf: string, variantSetDbId: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcf-'));
  try {
    const file = path.join(dir, `${variantSetDbId}.vcf`);
    fs.writeFileSync(file, vcf);
    const run = await cli('import-vcf', [file, '--crop', 'Soybean', '--study', studyDbId, '--variant-set-id', variantSetDbId], undefined, dir);
    expect(run.code, run.stderr + run.stdout).to.equal(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The orderIds of every order to the genotyping lab. */
export async function vendorOrderIds(): Promise<string[]> {
  const rows = await server().graph.read<{ id: string }>('MATCH (o:VendorOrder) RETURN o.orderId AS id');
  return rows.map((r) => r.id);
}

/** Removes orders a test made, with their plates and samples (the samples they name stay). */
export async function removeVendorOrders(ids: string[]): Promise<void> {
  if (!ids.length) return;
  await server().graph.write(
    `MATCH (o:VendorOrder) WHERE o.orderId IN $ids
     OPTIONAL MATCH (p:VendorPlate)-[:IN_ORDER]->(o) OPTIONAL MATCH (v:VendorSample)-[:ON_VENDOR_PLATE]->(p)
     DETACH DELETE o, p, v`,
    { ids },
  );
}
