/**
 * A local fake of the Sber acquiring REST API (issue #29), a real HTTP server on a random port that
 * answers as Sber's published reference does (securepayments.sberbank.ru «API интернет-эквайринга»,
 * REST: register.do, getOrderStatusExtended.do, refund.do, decline.do) and checks what the shop
 * sends field by field, as the bank's fiscal check would refuse it:
 * - credentials on every call (errorCode 5 otherwise);
 * - register.do: a unique orderNumber (errorCode 1), amount in whole kopecks, returnUrl, a valid
 *   taxSystem, and an `orderBundle` whose items each have positionId, a name of 1–100 characters,
 *   quantity {value, measure}, itemPrice × quantity = itemAmount, a known tax.taxType and the
 *   paymentMethod/paymentObject attributes, the items adding up to `amount` (errorCode 4);
 * - refund.do: only a deposited order, never more than is left, `refundItems` adding up to the
 *   amount (errorCode 7 otherwise).
 * Tests move a payment with `pay(id)` / `decline(id)` as the shopper on the bank's page would.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/** An order as the fake bank keeps it. */
export interface FakeSberOrder {
  orderId: string;
  orderNumber: string;
  amount: number;
  /** 0 registered, 2 deposited, 4 refunded, 6 declined. */
  orderStatus: number;
  refunded: number;
  taxSystem: number | null;
  bundle: { customerDetails?: { email?: string; phone?: string }; cartItems: { items: SberItem[] } } | null;
  refunds: Array<{ amount: number; items: SberItem[] }>;
}

interface SberItem {
  positionId: string;
  name: string;
  quantity: { value: number; measure: string };
  itemAmount: number;
  itemPrice: number;
  itemCode: string;
  tax?: { taxType: number };
  itemAttributes?: { attributes: Array<{ name: string; value: string }> };
}

const TAX_TYPES = new Set([0, 1, 2, 4, 6, 7, 8, 9, 10, 11, 12, 13]);

/** A running fake; `url` ends with "/payment/rest/". */
export interface FakeSber {
  url: string;
  orders: Map<string, FakeSberOrder>;
  /** Every call: method name and its form parameters. */
  calls: Array<{ method: string; params: Record<string, string> }>;
  pay(orderId: string): void;
  decline(orderId: string): void;
  close(): Promise<void>;
}

/** Why a list of bundle items is wrong, or null. */
function itemsError(items: SberItem[], amount: number): string | null {
  if (!Array.isArray(items) || items.length === 0) return 'Корзина пуста';
  let sum = 0;
  for (const item of items) {
    if (!item.positionId) return 'positionId обязателен';
    if (typeof item.name !== 'string' || item.name.length < 1 || item.name.length > 100)
      return `Наименование позиции ${item.positionId}: 1–100 символов`;
    if (!item.quantity || !(item.quantity.value > 0) || !item.quantity.measure)
      return `Количество позиции ${item.positionId}`;
    if (!Number.isInteger(item.itemPrice) || !Number.isInteger(item.itemAmount))
      return `Суммы позиции ${item.positionId} должны быть в копейках`;
    if (item.itemPrice * item.quantity.value !== item.itemAmount)
      return `Позиция ${item.positionId}: цена × количество ≠ сумма`;
    if (!item.tax || !TAX_TYPES.has(item.tax.taxType)) return `Позиция ${item.positionId}: неизвестная ставка НДС`;
    const attrs = new Map((item.itemAttributes?.attributes ?? []).map((a) => [a.name, a.value]));
    if (!attrs.get('paymentMethod') || !attrs.get('paymentObject'))
      return `Позиция ${item.positionId}: нет paymentMethod/paymentObject`;
    sum += item.itemAmount;
  }
  return sum === amount ? null : `Сумма позиций ${sum} ≠ сумме заказа ${amount}`;
}

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startFakeSber(credentials = { userName: 'shop-api', password: 'secret' }): Promise<FakeSber> {
  const orders = new Map<string, FakeSberOrder>();
  const calls: FakeSber['calls'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const method = (req.url ?? '').replace(/^.*\//, '');
      const params = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method, params });
      const answer = (json: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
        res.end(JSON.stringify(json));
      };
      const error = (code: number, message: string) => answer({ errorCode: String(code), errorMessage: message });
      if (req.method !== 'POST') return error(5, 'Метод не поддерживается');
      if (params.userName !== credentials.userName || params.password !== credentials.password)
        return error(5, 'Доступ запрещён');
      if (method === 'register.do') {
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount <= 0) return error(4, 'Неверная сумма');
        if (!params.returnUrl) return error(4, 'URL возврата не указан');
        if ([...orders.values()].some((o) => o.orderNumber === params.orderNumber))
          return error(1, 'Заказ с таким номером уже обработан');
        const taxSystem = params.taxSystem === undefined ? null : Number(params.taxSystem);
        if (taxSystem !== null && ![0, 1, 2, 3, 4, 5].includes(taxSystem))
          return error(4, 'Неверная система налогообложения');
        let bundle: FakeSberOrder['bundle'] = null;
        if (params.orderBundle) {
          try {
            bundle = JSON.parse(params.orderBundle) as FakeSberOrder['bundle'];
          } catch {
            return error(4, 'orderBundle: неверный JSON');
          }
          const problem = itemsError(bundle!.cartItems?.items, amount);
          if (problem) return error(4, problem);
          const c = bundle!.customerDetails;
          if (!c?.email && !c?.phone) return error(4, 'Нет контакта покупателя для чека');
        }
        const orderId = randomUUID();
        orders.set(orderId, {
          orderId,
          orderNumber: params.orderNumber!,
          amount,
          orderStatus: 0,
          refunded: 0,
          taxSystem,
          bundle,
          refunds: [],
        });
        return answer({
          orderId,
          formUrl: `https://3dsec.sberbank.ru/payment/merchants/test/payment_ru.html?mdOrder=${orderId}`,
        });
      }
      const order = orders.get(params.orderId ?? '');
      if (!order) return error(6, 'Заказ не найден');
      if (method === 'getOrderStatusExtended.do')
        return answer({
          errorCode: '0',
          errorMessage: 'Успешно',
          orderNumber: order.orderNumber,
          orderStatus: order.orderStatus,
          actionCodeDescription: order.orderStatus === 6 ? 'Операция отклонена' : '',
          amount: order.amount,
          paymentAmountInfo: {
            depositedAmount: order.orderStatus === 2 || order.orderStatus === 4 ? order.amount : 0,
            refundedAmount: order.refunded,
          },
        });
      if (method === 'refund.do') {
        const amount = Number(params.amount);
        if (order.orderStatus !== 2 && order.orderStatus !== 4) return error(7, 'Заказ в неверном состоянии');
        if (!Number.isInteger(amount) || amount <= 0 || order.refunded + amount > order.amount)
          return error(7, 'Сумма возврата превышает сумму списания');
        let items: SberItem[] = [];
        if (order.bundle) {
          if (!params.refundItems) return error(7, 'Для заказа с корзиной нужны refundItems');
          items = (JSON.parse(params.refundItems) as { items: SberItem[] }).items;
          const problem = itemsError(items, amount);
          if (problem) return error(7, problem);
        }
        order.refunded += amount;
        order.orderStatus = 4;
        order.refunds.push({ amount, items });
        return answer({ errorCode: '0', errorMessage: 'Успешно' });
      }
      if (method === 'decline.do') {
        if (order.orderStatus !== 0) return error(7, 'Заказ в неверном состоянии');
        order.orderStatus = 6;
        return answer({ errorCode: '0', errorMessage: 'Успешно' });
      }
      return error(5, `Неизвестный метод ${method}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const move = (orderId: string, status: number) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake Sber: no order ${orderId}`);
    if (order.orderStatus !== 0) throw new Error(`fake Sber: order ${orderId} is ${order.orderStatus}`);
    order.orderStatus = status;
  };
  return {
    url: `http://127.0.0.1:${port}/payment/rest/`,
    orders,
    calls,
    pay: (id) => move(id, 2),
    decline: (id) => move(id, 6),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
