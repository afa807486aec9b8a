'use client';

export interface IcebreakerModalProps {
  show: boolean;
  /** The other member: their id (for suggestions that use their interests) and name. */
  member: number;
  memberName: string;
  /** The chosen opener, for the composer. */
  onPick(text: string): void;
  onClose(): void;
}

/** Suggested openers for an empty conversation, in the member's language. */
export function IcebreakerModal(props: IcebreakerModalProps) {
  void props;
  return null;
}
