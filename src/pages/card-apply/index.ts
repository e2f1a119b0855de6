export { CardApplyPage, CardApplyPageView } from './ui/card-apply-page';
