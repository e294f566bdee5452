#import <UIKit/UIKit.h>

// The layout in code: visual format lines as written, and each other constraint on its own.
@interface EqualSpacingViewController : UIViewController
@end

@implementation EqualSpacingViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UIButton *view1 = [[UIButton alloc] init];
    view1.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:view1];
    UIButton *view2 = [[UIButton alloc] init];
    view2.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:view2];
    NSDictionary *views = NSDictionaryOfVariableBindings(view1, view2);
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:|-[view1]" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:|-[view2]" options:0 metrics:nil views:views]];
}

@end
