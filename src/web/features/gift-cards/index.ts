// Gift cards' public surface: the /gift-cards page, what the bank's pages of features/payment mean
// for a gift card order (/authorisation/confirm?gift_card=…), and the wallet page's two sections.
export { BuyGiftCard } from './buy-gift-card';
export { GiftCardBought } from './gift-card-bought';
export { useGiftCardBankCheck, useGiftCardPaymentReturn } from './gift-card-authentication';
export { GiftCardPurchases } from './gift-card-purchases';
export { RedeemGiftCard } from './redeem-gift-card';
