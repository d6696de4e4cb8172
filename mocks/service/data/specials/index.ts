/** Special markets: their books and rows, the props of an event, the outrights of a league, the ids of contestants. */
export { specialHistory, specialLatest, specialRows, type SpecialDef } from './markets';
export { listedOutrights, outrightById } from './outrights';
export { propOf, propsOf } from './props';
