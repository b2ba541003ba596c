// The style Neo4j Browser opens with on the bundled database (its `:style` command, run after connecting by
// `browser.post_connect_cmd`): every label of the registry captioned by its record's name, so that a drawing of the
// pedigree says "Williams 82" and "Kingwa" rather than the property Browser guesses (a germplasm's crop). Browser
// reads a style as GraSS or as JSON; JSON is sent because the post-connect setting splits its commands at semicolons
// outside quotes, and GraSS is made of them; colours are rgb() because a `#` in neo4j.conf could start a comment.
import { entities } from '../modules/registry.js';

/** The caption of each label: `{property}` templates Browser fills from the node (BrAPI field names). */
const CAPTION_OVERRIDES: Record<string, string> = {
  Person: '{firstName} {lastName}',
  GermplasmAttribute: '{attributeName}',
  GermplasmAttributeValue: '{attributeName} {value}',
  SeedLotTransaction: '{transactionDescription}',
  ObservationUnit: '{observationUnitName}',
  Observation: '{value}',
  Event: '{eventType}',
  ReferenceSet: '{referenceSetName}',
  Variant: '{variantDbId}',
  CallSet: '{callSetName}',
  List: '{listName}',
};

/** Colours by what a label is about: the pedigree warm, field work green, genotyping blue, the rest grey. */
const COLOURS: Record<string, string> = {
  Germplasm: 'rgb(247,151,103)', Cross: 'rgb(241,102,103)', PlannedCross: 'rgb(241,102,103)', CrossingProject: 'rgb(218,113,148)', SeedLot: 'rgb(255,196,84)',
  Program: 'rgb(141,204,147)', Trial: 'rgb(141,204,147)', Study: 'rgb(87,199,227)', Location: 'rgb(76,142,218)', ObservationUnit: 'rgb(141,204,147)',
};

/** `{fooName}` for an entity whose DbId is `fooDbId`, unless named otherwise above. */
export function captionOf(label: string, idField: string): string {
  return CAPTION_OVERRIDES[label] ?? `{${idField.replace(/DbId$/, 'Name')}}`;
}

/** The whole style: Browser's own defaults for every node and relationship, then one rule per label. */
export function browserStyle(): Record<string, Record<string, string>> {
  const style: Record<string, Record<string, string>> = {
    node: { diameter: '50px', color: 'rgb(165,171,182)', 'border-color': 'rgb(154,161,172)', 'border-width': '2px', 'text-color-internal': 'rgb(255,255,255)', 'font-size': '10px' },
    relationship: { color: 'rgb(165,171,182)', 'shaft-width': '1px', 'font-size': '8px', padding: '3px', 'text-color-external': 'rgb(0,0,0)', 'text-color-internal': 'rgb(255,255,255)', caption: '<type>' },
  };
  for (const e of entities) {
    if (style[`node.${e.label}`]) continue;
    style[`node.${e.label}`] = {
      caption: captionOf(e.label, e.idField),
      ...(COLOURS[e.label] ? { color: COLOURS[e.label], 'border-color': 'rgb(154,161,172)', 'text-color-internal': 'rgb(42,44,52)' } : {}),
      // A germplasm's name is the point of the drawing: a larger circle holds it on one or two lines.
      ...(e.label === 'Germplasm' || e.label === 'Cross' ? { diameter: '65px' } : {}),
    };
  }
  // The parent type on each pedigree edge (FEMALE, MALE, SELF, ...), which the relationship's type does not say.
  style['relationship.PARENT'] = { ...style.relationship, caption: '{parentType}' };
  return style;
}

/** The `:style` command (without its colon) that applies the style, for `browser.post_connect_cmd`. */
export function styleCommand(): string {
  return `style ${JSON.stringify(browserStyle())}`;
}
