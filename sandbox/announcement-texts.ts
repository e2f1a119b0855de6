import type { Language } from '../machines/shared/languages.ts';

/** The demo announcements in the six interface languages (server text: the app renders it as text). */
export const ANNOUNCEMENT_TEXTS: Record<string, Record<Language, { title: string; body: string }>> = {
  feesUpdate: {
    en: { title: 'New fee schedule from 1 January', body: 'Card payouts will cost 1% instead of 1.5%, and incoming wires stay free. Please accept the new fee schedule to keep sending card payouts.' },
    es: { title: 'Nuevas tarifas desde el 1 de enero', body: 'Los pagos a tarjeta costarán un 1 % en lugar de un 1,5 %, y las transferencias entrantes siguen siendo gratuitas. Acepte las nuevas tarifas para seguir enviando pagos a tarjeta.' },
    pt: { title: 'Nova tabela de tarifas a partir de 1 de janeiro', body: 'Os pagamentos para cartão passam a custar 1% em vez de 1,5%, e as transferências recebidas continuam gratuitas. Aceite a nova tabela para continuar a enviar pagamentos para cartão.' },
    ro: { title: 'Comisioane noi de la 1 ianuarie', body: 'Plățile pe card vor costa 1% în loc de 1,5%, iar transferurile primite rămân gratuite. Acceptați noile comisioane pentru a putea trimite în continuare plăți pe card.' },
    ru: { title: 'Новые тарифы с 1 января', body: 'Выплаты на карту будут стоить 1 % вместо 1,5 %, входящие переводы остаются бесплатными. Примите новые тарифы, чтобы и дальше отправлять выплаты на карту.' },
    uk: { title: 'Нові тарифи з 1 січня', body: 'Виплати на картку коштуватимуть 1 % замість 1,5 %, вхідні перекази залишаються безкоштовними. Прийміть нові тарифи, щоб і надалі надсилати виплати на картку.' },
  },
  newCards: {
    en: { title: 'Virtual cards in EUR', body: 'You can now open a virtual card in euros from your EUR account and use it online at once.' },
    es: { title: 'Tarjetas virtuales en EUR', body: 'Ya puede abrir una tarjeta virtual en euros desde su cuenta en EUR y usarla en línea al instante.' },
    pt: { title: 'Cartões virtuais em EUR', body: 'Já pode abrir um cartão virtual em euros a partir da sua conta em EUR e usá-lo online de imediato.' },
    ro: { title: 'Carduri virtuale în EUR', body: 'Acum puteți deschide un card virtual în euro din contul în EUR și îl puteți folosi online imediat.' },
    ru: { title: 'Виртуальные карты в евро', body: 'Теперь можно открыть виртуальную карту в евро со счёта в EUR и сразу пользоваться ею в интернете.' },
    uk: { title: 'Віртуальні картки в євро', body: 'Тепер можна відкрити віртуальну картку в євро з рахунку в EUR і одразу користуватися нею в інтернеті.' },
  },
  maintenance: {
    en: { title: 'Planned maintenance on 14 November', body: 'Transfers were paused from 02:00 to 03:00 UTC. Everything is running again.' },
    es: { title: 'Mantenimiento programado el 14 de noviembre', body: 'Las transferencias estuvieron en pausa de 02:00 a 03:00 UTC. Todo funciona de nuevo.' },
    pt: { title: 'Manutenção programada a 14 de novembro', body: 'As transferências estiveram em pausa das 02:00 às 03:00 UTC. Tudo voltou a funcionar.' },
    ro: { title: 'Mentenanță planificată pe 14 noiembrie', body: 'Transferurile au fost oprite între 02:00 și 03:00 UTC. Totul funcționează din nou.' },
    ru: { title: 'Плановые работы 14 ноября', body: 'Переводы были приостановлены с 02:00 до 03:00 UTC. Всё снова работает.' },
    uk: { title: 'Планові роботи 14 листопада', body: 'Перекази було призупинено з 02:00 до 03:00 UTC. Усе знову працює.' },
  },
};
