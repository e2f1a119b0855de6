export { CardApplyPage, CardApplyPageView, CardApplyView, offerKey, offerFromKey, applyLogic } from './ui/card-apply-page';
