/** A declaration the schema tests share: `class Review(BaseModel): path: str; lines: int = 0`. */
export const REVIEW_DECLARATION = `format: pydantic-neutral-declaration/1
root: Review
models:
  - name: Review
    fields:
      - {name: path, type: {type: str}, required: true}
      - {name: lines, type: {type: int}, required: false, default: {kind: int, value: 0}}
`;
