/**
 * The demo's help articles in the other languages the demo merchant offers (issue 22 item 15):
 * English and Vietnamese are written with the rest of the demo content (`seed-content.ts`).
 */
type Article = { tag: string; title: string; html: string };

const email = '<a href="mailto:support@demo.example">support@demo.example</a>';

export const demoHelpTranslations: Readonly<Record<string, readonly Article[]>> = {
  TH: [
    {
      tag: 'account',
      title: 'การสร้างบัญชี',
      html: '<p>กด <strong>สมัครสมาชิก</strong> เลือกชื่อผู้ใช้ที่เป็นตัวอักษรและตัวเลข 6–16 ตัว และรหัสผ่าน 6–20 ตัวอักษร คุณจะเข้าสู่ระบบได้ทันที</p>',
    },
    {
      tag: 'deposit',
      title: 'วิธีฝากเงิน',
      html: '<p>เข้าสู่ระบบ กด <strong>ฝากเงิน</strong> ที่แถบด้านบน เลือกช่องทางชำระเงินและจำนวนเงินภายในวงเงิน แล้วชำระเงินในหน้าชำระเงิน ยอดเงินจะอัปเดตเมื่อการชำระเงินได้รับการยืนยัน</p>',
    },
    {
      tag: 'withdrawal',
      title: 'วิธีถอนเงิน',
      html: '<p>เพิ่มบัญชีธนาคารที่เป็นชื่อของคุณ ตั้งรหัสผ่านการชำระเงิน แล้วส่งคำขอถอนเงิน คำขอจะได้รับการตรวจสอบและจ่ายตามลำดับ</p>',
    },
    {
      tag: 'security',
      title: 'ความปลอดภัยของบัญชี',
      html: '<p>ใช้รหัสผ่านที่ไม่ซ้ำกับที่อื่นและเปลี่ยนเป็นประจำ เราจะไม่ขอรหัสผ่านของคุณทางโทรศัพท์หรือแชท</p>',
    },
    {
      tag: 'responsible-gaming',
      title: 'การเล่นอย่างรับผิดชอบ',
      html: '<p>เล่นเพื่อความสนุกและกำหนดขีดจำกัดให้ตัวเอง หากการเล่นไม่สนุกอีกต่อไป โปรดติดต่อฝ่ายบริการลูกค้าเพื่อพักบัญชี</p><p>ผู้เล่นต้องมีอายุ 18 ปีขึ้นไป</p>',
    },
    {
      tag: 'contact',
      title: 'ติดต่อเรา',
      html: `<p>ฝ่ายบริการลูกค้าตอบทางแชทสด 24 ชั่วโมง อีเมล: ${email}</p>`,
    },
    {
      tag: 'terms',
      title: 'ข้อกำหนดและเงื่อนไข',
      html: '<p>เมื่อเปิดบัญชี คุณยืนยันว่าคุณมีอายุอย่างน้อย 18 ปี และเกมออนไลน์ถูกกฎหมายในที่ที่คุณอาศัยอยู่</p><ul><li>หนึ่งบัญชีต่อหนึ่งคน ห้ามแบ่งปันหรือขายบัญชี</li><li>การฝากและถอนเงินใช้บัญชีชำระเงินที่เป็นชื่อของคุณเอง</li><li>โบนัสแต่ละรายการมีเงื่อนไขการทำยอดตามที่ระบุในโปรโมชัน การใช้โปรโมชันในทางที่ผิดจะทำให้โบนัสเป็นโมฆะ</li><li>เราอาจขอหลักฐานยืนยันตัวตนก่อนจ่ายเงินถอน</li><li>นี่คือเว็บไซต์ทดลอง ไม่มีการใช้เงินจริง</li></ul>',
    },
  ],
  CN: [
    {
      tag: 'account',
      title: '注册账户',
      html: '<p>点击<strong>注册</strong>，设置 6–16 位字母和数字组成的用户名及 6–20 位密码，注册后即自动登录。</p>',
    },
    {
      tag: 'deposit',
      title: '如何存款',
      html: '<p>登录后点击页头的<strong>存款</strong>，选择支付方式并输入限额内的金额，然后在支付页面完成付款。付款确认后余额即会更新。</p>',
    },
    {
      tag: 'withdrawal',
      title: '如何提款',
      html: '<p>添加本人名下的银行账户，设置支付密码，然后提交提款申请。申请将按提交顺序审核并支付。</p>',
    },
    {
      tag: 'security',
      title: '账户安全',
      html: '<p>请使用在其他地方未用过的密码，并定期更换。我们绝不会通过电话或聊天索取您的密码。</p>',
    },
    {
      tag: 'responsible-gaming',
      title: '理性游戏',
      html: '<p>以娱乐为目的并为自己设定限额。如果游戏不再有趣，请联系客服暂停您的账户。</p><p>玩家须年满 18 岁。</p>',
    },
    {
      tag: 'contact',
      title: '联系我们',
      html: `<p>客服全天 24 小时在线聊天服务。邮箱：${email}</p>`,
    },
    {
      tag: 'terms',
      title: '条款与细则',
      html: '<p>开设账户即表示您确认已年满 18 岁，且您所在地区允许在线游戏。</p><ul><li>每人仅限一个账户；账户不得共享或转让。</li><li>存款和提款须使用您本人名下的支付账户。</li><li>每笔奖金须完成其优惠活动所示的投注要求；滥用优惠将导致奖金作废。</li><li>支付提款前，我们可能要求您提供身份证明。</li><li>本站为演示站点：不涉及真实资金。</li></ul>',
    },
  ],
  ID: [
    {
      tag: 'account',
      title: 'Membuat akun',
      html: '<p>Tekan <strong>Daftar</strong>, pilih nama pengguna 6–16 huruf dan angka serta kata sandi 6–20 karakter. Anda langsung masuk.</p>',
    },
    {
      tag: 'deposit',
      title: 'Cara deposit',
      html: '<p>Masuk, tekan <strong>Deposit</strong> di bagian atas, pilih metode pembayaran dan jumlah sesuai batasnya, lalu bayar di halaman pembayaran. Saldo Anda diperbarui setelah pembayaran dikonfirmasi.</p>',
    },
    {
      tag: 'withdrawal',
      title: 'Cara menarik dana',
      html: '<p>Tambahkan rekening bank atas nama Anda, atur kata sandi pembayaran, lalu ajukan penarikan. Permintaan ditinjau dan dibayar sesuai urutan masuk.</p>',
    },
    {
      tag: 'security',
      title: 'Keamanan akun',
      html: '<p>Gunakan kata sandi yang tidak Anda pakai di tempat lain dan ganti secara berkala. Kami tidak pernah meminta kata sandi Anda lewat telepon atau obrolan.</p>',
    },
    {
      tag: 'responsible-gaming',
      title: 'Bermain secara bertanggung jawab',
      html: '<p>Bermainlah untuk bersenang-senang dan tetapkan batas untuk diri sendiri. Jika tidak lagi menyenangkan, hubungi layanan pelanggan untuk menjeda akun Anda.</p><p>Pemain harus berusia 18 tahun ke atas.</p>',
    },
    {
      tag: 'contact',
      title: 'Hubungi kami',
      html: `<p>Layanan pelanggan siap 24 jam lewat obrolan langsung. Email: ${email}</p>`,
    },
    {
      tag: 'terms',
      title: 'Syarat dan ketentuan',
      html: '<p>Dengan membuka akun, Anda menyatakan bahwa Anda berusia minimal 18 tahun dan permainan daring legal di tempat tinggal Anda.</p><ul><li>Satu akun untuk satu orang; akun tidak boleh dibagikan atau dijual.</li><li>Deposit dan penarikan menggunakan rekening pembayaran atas nama Anda sendiri.</li><li>Setiap bonus memiliki syarat taruhan yang tertera pada promosinya; penyalahgunaan promosi membatalkan bonus.</li><li>Kami dapat meminta bukti identitas sebelum membayar penarikan.</li><li>Ini situs demo: tidak ada uang sungguhan yang berpindah tangan.</li></ul>',
    },
  ],
  PT: [
    {
      tag: 'account',
      title: 'Criar uma conta',
      html: '<p>Prima <strong>Registar</strong>, escolha um nome de utilizador de 6 a 16 letras e algarismos e uma palavra-passe de 6 a 20 caracteres. Fica logo com sessão iniciada.</p>',
    },
    {
      tag: 'deposit',
      title: 'Como depositar',
      html: '<p>Inicie sessão, prima <strong>Depositar</strong> no cabeçalho, escolha um método de pagamento e um montante dentro dos limites e pague na página de pagamento. O saldo é atualizado quando o pagamento é confirmado.</p>',
    },
    {
      tag: 'withdrawal',
      title: 'Como levantar',
      html: '<p>Adicione uma conta bancária em seu nome, defina uma palavra-passe de pagamento e peça o levantamento. Os pedidos são analisados e pagos pela ordem de chegada.</p>',
    },
    {
      tag: 'security',
      title: 'Segurança da conta',
      html: '<p>Use uma palavra-passe que não use em mais lado nenhum e mude-a com regularidade. Nunca lhe pediremos a palavra-passe por telefone ou chat.</p>',
    },
    {
      tag: 'responsible-gaming',
      title: 'Jogo responsável',
      html: '<p>Jogue por diversão e defina os seus limites. Se o jogo deixar de ser divertido, contacte o apoio ao cliente para suspender a conta.</p><p>Os jogadores têm de ter 18 anos ou mais.</p>',
    },
    {
      tag: 'contact',
      title: 'Contacte-nos',
      html: `<p>O apoio ao cliente responde 24 horas por dia por chat. Email: ${email}</p>`,
    },
    {
      tag: 'terms',
      title: 'Termos e condições',
      html: '<p>Ao abrir uma conta, confirma que tem pelo menos 18 anos e que o jogo online é legal onde vive.</p><ul><li>Uma conta por pessoa; a conta não pode ser partilhada nem vendida.</li><li>Depósitos e levantamentos usam contas de pagamento em seu nome.</li><li>Cada bónus tem os requisitos de aposta indicados na sua promoção; o abuso de promoções anula-as.</li><li>Podemos pedir prova de identidade antes de pagar um levantamento.</li><li>Este é um site de demonstração: não há dinheiro real envolvido.</li></ul>',
    },
  ],
  'PT-BR': [
    {
      tag: 'account',
      title: 'Criar uma conta',
      html: '<p>Toque em <strong>Cadastrar</strong>, escolha um nome de usuário de 6 a 16 letras e números e uma senha de 6 a 20 caracteres. Você entra na hora.</p>',
    },
    {
      tag: 'deposit',
      title: 'Como depositar',
      html: '<p>Entre, toque em <strong>Depositar</strong> no topo, escolha uma forma de pagamento e um valor dentro dos limites e pague na página de pagamento. O saldo é atualizado quando o pagamento é confirmado.</p>',
    },
    {
      tag: 'withdrawal',
      title: 'Como sacar',
      html: '<p>Adicione uma conta bancária no seu nome, defina uma senha de pagamento e peça o saque. Os pedidos são analisados e pagos por ordem de chegada.</p>',
    },
    {
      tag: 'security',
      title: 'Segurança da conta',
      html: '<p>Use uma senha que você não usa em nenhum outro lugar e troque-a com frequência. Nunca pediremos sua senha por telefone ou chat.</p>',
    },
    {
      tag: 'responsible-gaming',
      title: 'Jogo responsável',
      html: '<p>Jogue por diversão e defina seus limites. Se o jogo deixar de ser divertido, fale com o atendimento para pausar sua conta.</p><p>Os jogadores precisam ter 18 anos ou mais.</p>',
    },
    {
      tag: 'contact',
      title: 'Fale conosco',
      html: `<p>O atendimento responde 24 horas por dia pelo chat. E-mail: ${email}</p>`,
    },
    {
      tag: 'terms',
      title: 'Termos e condições',
      html: '<p>Ao abrir uma conta, você confirma que tem pelo menos 18 anos e que o jogo online é legal onde você mora.</p><ul><li>Uma conta por pessoa; a conta não pode ser compartilhada nem vendida.</li><li>Depósitos e saques usam contas de pagamento no seu próprio nome.</li><li>Cada bônus tem o requisito de apostas indicado na promoção; o abuso de promoções as anula.</li><li>Podemos pedir comprovante de identidade antes de pagar um saque.</li><li>Este é um site de demonstração: nenhum dinheiro real é movimentado.</li></ul>',
    },
  ],
};
