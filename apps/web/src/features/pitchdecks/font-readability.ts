/** The smallest and largest text size a deck's PDF uses, in points (the server reads them). */
type FontSizes = { min: number; max: number };

/**
 * Below this, text on a slide shrunk to a laptop's viewer (a 960 pt wide 16:9 slide shown about
 * 800 px wide) falls under 10 px, which tires readers; common deck advice asks for 12 pt or more.
 */
export const laptopReadablePoints = 12;

/**
 * From this size a slide stays readable on a phone held sideways (about 700 px for the slide):
 * the usual 18 pt rule for presentations, which is also where phone text stops needing a zoom.
 */
export const phoneReadablePoints = 18;

export type FontReadability = { sentence: string; isSmall: boolean };

/**
 * What the deck's smallest text means for the people reading it, in words a founder can act
 * on, instead of a range of points ("Text from 10 to 36 pt" told founders nothing).
 */
export function fontReadability({ min }: FontSizes): FontReadability {
  const points = Math.round(min);
  const smallest = `Smallest text is ${points} pt`;
  if (points >= phoneReadablePoints) {
    return { sentence: `${smallest}: easy to read on a laptop and on a phone.`, isSmall: false };
  }
  if (points >= laptopReadablePoints) {
    return { sentence: `${smallest}: readable on a laptop, small on a phone.`, isSmall: false };
  }
  return {
    sentence: `${smallest}: hard to read on a laptop and on a phone. Aim for ${laptopReadablePoints} pt or more.`,
    isSmall: true,
  };
}
