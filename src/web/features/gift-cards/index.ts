// Gift cards' public surface: the /gift-cards page, the bank check and return for a gift card
// order (/authorisation/confirm?gift_card=…), and the wallet page's two sections.
export { BuyGiftCard } from './buy-gift-card';
export { GiftCardBought } from './gift-card-bought';
export { GiftCardBankAuthentication, GiftCardPaymentReturn } from './gift-card-authentication';
export { GiftCardPurchases } from './gift-card-purchases';
export { RedeemGiftCard } from './redeem-gift-card';
