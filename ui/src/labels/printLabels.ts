import { sendCommand } from '../shell/api';

/**
 * Creates a label document (CREATE_LABEL for one order, CREATE_MULTIPLE_LABEL for several) and
 * answers the path of its page under the planner's department. The page's query waits for the
 * document to be projected (the command's position, `x-min-position`).
 */
export async function createLabels(
  /** Where the label page is: `/planner/{departmentId}` or `/customer`. */
  base: string,
  orderIds: readonly string[],
): Promise<string> {
  const answer =
    orderIds.length === 1
      ? await sendCommand('CREATE_LABEL', { orderId: orderIds[0] })
      : await sendCommand('CREATE_MULTIPLE_LABEL', { orderIds });
  return `${base}/labels/${answer.ids[0]}`;
}
