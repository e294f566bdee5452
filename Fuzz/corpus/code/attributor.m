#import <UIKit/UIKit.h>

// The layout in code: visual format lines as written, and each other constraint on its own.
@interface AttributorViewController : UIViewController
@end

@implementation AttributorViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UILabel *headline = [[UILabel alloc] init];
    headline.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:headline];
    UITextView *body = [[UITextView alloc] init];
    body.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:body];
    UIView *swatch1 = [[UIView alloc] init];
    swatch1.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:swatch1];
    UIView *swatch2 = [[UIView alloc] init];
    swatch2.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:swatch2];
    UIView *swatch3 = [[UIView alloc] init];
    swatch3.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:swatch3];
    UIView *swatch4 = [[UIView alloc] init];
    swatch4.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:swatch4];
    UIButton *outline = [[UIButton alloc] init];
    outline.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:outline];
    UIButton *unoutline = [[UIButton alloc] init];
    unoutline.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:unoutline];
    NSDictionary *views = NSDictionaryOfVariableBindings(headline, body, swatch1, swatch2, swatch3, swatch4, outline, unoutline);
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[headline]-|" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[body]-|" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[swatch1]-[swatch2(==swatch1)]-[swatch3(==swatch1)]-[swatch4(==swatch1)]-|" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[outline]" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:[unoutline]-|" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:|-[headline]-[body]-[swatch1(64)]-[outline]-|" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:[body]-[swatch2(64)]-[outline]" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:[body]-[swatch3(64)]-[outline]" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:[body]-[swatch4(64)]-[unoutline]-|" options:0 metrics:nil views:views]];
}

@end
